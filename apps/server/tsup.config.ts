import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/server.ts', 'src/admin/cli.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  clean: true,
  sourcemap: true,
});

import { defineConfig } from 'tsup';

export default defineConfig({
  // The reminder run and the share picture are entries of their own: their benches drive them without a server.
  entry: ['src/server.ts', 'src/admin/cli.ts', 'src/reminders/bench.ts', 'src/share/bench.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  clean: true,
  sourcemap: true,
});

import { defineConfig } from 'tsup';

export default defineConfig({
  // The reminder run is an entry of its own so that its bench drives it without a server.
  entry: ['src/server.ts', 'src/admin/cli.ts', 'src/reminders/bench.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  clean: true,
  sourcemap: true,
});

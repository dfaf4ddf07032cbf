import { defineConfig } from 'tsup';

export default defineConfig({
  // The live channel is its own entry so that apps load @microsoft/signalr only when they open it.
  entry: ['src/index.ts', 'src/live.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
});

// Chromatic is a cloud service: run it only where a project token is configured, never in tests.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.log('CHROMATIC_PROJECT_TOKEN is not set: skipping Chromatic.');
  process.exit(0);
}
const cli = createRequire(import.meta.url).resolve('chromatic/package.json').replace(/package\.json$/, 'dist/bin.cjs');
const result = spawnSync(process.execPath, [cli, '--exit-zero-on-changes', '--build-script-name', 'build'], {
  stdio: 'inherit',
  env: process.env,
});
process.exit(result.status ?? 1);

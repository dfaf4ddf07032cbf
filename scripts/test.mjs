#!/usr/bin/env node
// The README's test command: installs what is missing, builds every package, runs every test once,
// and ends with one plain 'N passed, N failed' line.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, pnpm, root } from './pnpm.mjs';

ensureDependencies();
if (pnpm(['-r', '--workspace-concurrency=1', 'run', 'build']) !== 0) {
  console.log('Tests: 0 passed, 1 failed (the build failed)');
  process.exit(1);
}

const resultsFile = join(root, '.vitest-results.json');
rmSync(resultsFile, { force: true });
const vitest = spawnSync(
  join(root, 'node_modules', '.bin', 'vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`, ...process.argv.slice(2)],
  { stdio: 'inherit', cwd: root },
);

let passed = 0;
let failed = 0;
if (existsSync(resultsFile)) {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  passed = results.numPassedTests;
  failed = results.numFailedTests + (results.numFailedTestSuites ?? 0);
} else {
  failed = 1;
}
if (vitest.status !== 0 && failed === 0) failed = 1;
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

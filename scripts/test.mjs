#!/usr/bin/env node
// The README's test command: installs what is missing, builds every package, type-checks and lints
// the whole tree, runs every test once, and ends with one plain
// 'Tests: N passed, N failed, N skipped' line. A failed gate (build, type-check, lint) and a test
// file that failed before any of its tests ran each count as one failure, named above that line.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureDependencies, pnpm, root } from './pnpm.mjs';
import { countResults } from './testCount.mjs';

ensureDependencies();
if (pnpm(['-r', '--workspace-concurrency=1', 'run', 'build']) !== 0) {
  console.log('\nfailed: the build');
  console.log('Tests: 0 passed, 1 failed, 0 skipped');
  process.exit(1);
}

const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (command, args, options = {}) => spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options }).status;

/** The gates besides the tests, each a named check that passes or fails as a whole. */
const gates = [];
console.log('\nType-checking every package');
for (const dir of ['.', ...['packages', 'apps'].flatMap((area) => packagesIn(area))]) {
  const status = run(bin('tsc'), ['--noEmit', '-p', dir]);
  gates.push({ name: `type-check of ${dir === '.' ? 'the root' : dir}`, passed: status === 0 });
}
console.log('Linting the whole tree (ESLint, warnings fail it)');
gates.push({ name: 'lint', passed: run(bin('eslint'), ['--max-warnings', '0', '.']) === 0 });

if (!process.env.TEST_DATABASE_URL) {
  console.log('\nPostgreSQL: TEST_DATABASE_URL is not set, so the PostgreSQL variants are skipped (.ci/run sets it)');
}
const resultsFile = join(root, '.vitest-results.json');
rmSync(resultsFile, { force: true });
const vitest = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`, ...process.argv.slice(2)]);

const results = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : undefined;
const count = countResults(results, vitest, (file) => relative(root, file));
const failedGates = gates.filter((gate) => !gate.passed).map((gate) => gate.name);
const failures = [...failedGates, ...count.failures];
if (failures.length > 0) console.log(`\nfailed: ${failures.join('; ')}`);
const failed = count.failed + failedGates.length;
console.log(`\nTests: ${count.passed} passed, ${failed} failed, ${count.skipped} skipped`);
process.exit(failed === 0 ? 0 : 1);

function packagesIn(area) {
  return readdirSync(join(root, area))
    .filter((name) => existsSync(join(root, area, name, 'tsconfig.json')))
    .map((name) => `${area}/${name}`);
}

#!/usr/bin/env node
// `npm run bench`: builds, then runs every package's benchmarks. Each prints figures as ratios to a
// baseline measured in the same run (these machines are shared and noisy), each beside its goal, and
// MISSED where it misses. The command fails when any bench fails or any goal is missed.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, pnpm, root } from './pnpm.mjs';

ensureDependencies();
if (pnpm(['-r', '--workspace-concurrency=1', 'run', 'build'], { stdio: ['inherit', 'ignore', 'inherit'] }) !== 0) process.exit(1);

/** Runs one bench, echoing its output; resolves with its exit status and the lines that say MISSED. */
function runBench(file, cwd) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'inherit'], cwd });
    const missed = [];
    let pending = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      missed.push(...lines.filter((line) => line.includes('MISSED')));
    });
    child.on('close', (status) => {
      if (pending.includes('MISSED')) missed.push(pending);
      resolve({ status: status ?? 1, missed });
    });
  });
}

const failures = [];
for (const area of ['packages', 'apps']) {
  for (const name of readdirSync(join(root, area))) {
    const benchDir = join(root, area, name, 'bench');
    if (!existsSync(benchDir)) continue;
    for (const file of readdirSync(benchDir).filter((f) => f.endsWith('.bench.mjs'))) {
      const label = `${area}/${name}/bench/${file}`;
      console.log(`\n== ${label}`);
      const { status, missed } = await runBench(join(benchDir, file), join(root, area, name));
      for (const line of missed) failures.push(`${label}: ${line.trim()}`);
      if (status !== 0 && missed.length === 0) failures.push(`${label}: exited with ${status}`);
    }
  }
}
console.log(failures.length === 0 ? '\nEvery bench met its goals.' : `\nGoals missed or benches failed (${failures.length}):\n${failures.map((line) => `  ${line}`).join('\n')}`);
process.exit(failures.length === 0 ? 0 : 1);

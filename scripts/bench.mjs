#!/usr/bin/env node
// `npm run bench`: builds, then runs every package's benchmarks. Each prints figures as ratios to a
// baseline measured in the same run, because these machines are shared and noisy.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, pnpm, root } from './pnpm.mjs';

ensureDependencies();
if (pnpm(['-r', '--workspace-concurrency=1', 'run', 'build'], { stdio: ['inherit', 'ignore', 'inherit'] }) !== 0) process.exit(1);

let status = 0;
for (const area of ['packages', 'apps']) {
  for (const name of readdirSync(join(root, area))) {
    const benchDir = join(root, area, name, 'bench');
    if (!existsSync(benchDir)) continue;
    for (const file of readdirSync(benchDir).filter((f) => f.endsWith('.bench.mjs'))) {
      console.log(`\n== ${area}/${name}/bench/${file}`);
      status ||= spawnSync(process.execPath, [join(benchDir, file)], { stdio: 'inherit', cwd: join(root, area, name) }).status ?? 1;
    }
  }
}
process.exit(status);

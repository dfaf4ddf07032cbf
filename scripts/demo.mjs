#!/usr/bin/env node
// `npm run demo`: installs what is missing, builds, and starts the app replaying a real tournament.
//   npm run demo -- --year 2026 --speed 120
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDependencies, pnpm, root } from './pnpm.mjs';

const { values } = parseArgs({ options: { year: { type: 'string', default: '2024' }, speed: { type: 'string', default: '60' } } });
if (!['2024', '2025', '2026'].includes(values.year)) {
  console.error(`--year must be 2024, 2025 or 2026, not ${values.year}`);
  process.exit(2);
}
if (!(Number(values.speed) > 0)) {
  console.error(`--speed must be a positive number, not ${values.speed}`);
  process.exit(2);
}

ensureDependencies();
if (pnpm(['-r', '--workspace-concurrency=1', 'run', 'build']) !== 0) process.exit(1);

// A data folder of its own: the replay rewrites the year's results and adds demo players.
process.env.DATA_DIR ??= resolve(root, 'apps/server/data/demo');
process.env.DEMO_YEAR = values.year;
process.env.DEMO_SPEED = values.speed;
process.exit(pnpm(['--filter', '@scorecast/server', 'run', 'serve']));

#!/usr/bin/env node
// `npm run demo`: the app as `npm start` runs it (installing and building what it needs), replaying a real tournament.
//   npm run demo -- --year 2026 --speed 120
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { root } from './pnpm.mjs';

const { values } = parseArgs({ options: { year: { type: 'string', default: '2024' }, speed: { type: 'string', default: '60' } } });
if (!['2024', '2025', '2026'].includes(values.year)) {
  console.error(`--year must be 2024, 2025 or 2026, not ${values.year}`);
  process.exit(2);
}
if (!(Number(values.speed) > 0)) {
  console.error(`--speed must be a positive number, not ${values.speed}`);
  process.exit(2);
}

// Started as npm start starts the app (a line per build step, the banner with the admin CLI's
// command for this data folder, a log for people), with a data folder of its own: the replay
// rewrites the year's results and adds demo players.
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? resolve(root, 'apps/server/data/demo'), DEMO_YEAR: values.year, DEMO_SPEED: values.speed };
const app = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.kill(signal));
app.on('exit', (code) => process.exit(code ?? 1));

#!/usr/bin/env node
// The README's run command: installs what is missing, builds, and starts the app.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, pnpm, root } from './pnpm.mjs';

ensureDependencies();
if (pnpm(['-r', '--workspace-concurrency=1', 'run', 'build']) !== 0) process.exit(1);

if (existsSync(join(root, 'apps', 'server', 'package.json'))) {
  process.exit(pnpm(['--filter', '@scorecast/server', 'run', 'serve', ...process.argv.slice(2)]));
}

// Until the server exists, show what does: the rules core, scoring a real-looking group.
const rules = await import(join(root, 'packages', 'rules', 'dist', 'index.js'));
const config = rules.defaultPointConfiguration(2024);
const final = { id: 51, status: 'Finished', stage: 'Final', date: '2024-07-14T19:00:00Z', homeTeam: 'Spain', awayTeam: 'England', homeGoals: 2, awayGoals: 1 };
const table = rules.scoringTableOf([final], config);
const players = [
  { login: 'ann@example.com', name: 'Ann', predictions: [{ gameId: 51, homeGoals: 2, awayGoals: 1 }], championPick: 'Spain' },
  { login: 'bob@example.com', name: 'Bob', predictions: [{ gameId: 51, homeGoals: 1, awayGoals: 0 }], championPick: 'France' },
  { login: 'cem@example.com', name: 'Cem', predictions: [{ gameId: 51, homeGoals: 0, awayGoals: 1 }], championPick: 'England' },
];
console.log('Scorecast: only the rules core (@scorecast/rules) exists so far; the server and web app are next.');
console.log(`Euro 2024 final, Spain 2:1 England, scored with the default points of ${rules.competitionOf(2024)} 2024:`);
for (const player of rules.rankPlayers(players.map((p) => ({ ...p, points: rules.scorePlayer(p, table).points })))) {
  console.log(`  ${player.rank}. ${player.name.padEnd(4)} ${String(player.points).padStart(3)} points`);
}

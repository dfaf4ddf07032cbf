// What a browser does after a goal: re-derive a 50-player group over the 104 finished games of a
// 48-team World Cup with @scorecast/rules (points, ranks, arrows of every prediction), in headless
// Chromium. Goal: under 5 ms (median of 25 runs after warming up); MISSED when missed.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const rulesDir = dirname(fileURLToPath(import.meta.resolve('@scorecast/rules')));
const server = createServer((request, response) => {
  if (request.url === '/') return response.end('<!doctype html><title>ranking bench</title>');
  try {
    response.setHeader('content-type', 'text/javascript');
    response.end(readFileSync(join(rulesDir, request.url.replace(/^\//, '').replace(/\.\./g, ''))));
  } catch {
    response.statusCode = 404;
    response.end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  const median = await page.evaluate(async () => {
    const { defaultPointConfiguration, rankGroup } = await import('/index.js');
    let seed = 42;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const stages = ['Group', 'Last32', 'Last16', 'QuarterFinal', 'SemiFinal', 'SmallFinal', 'Final'];
    const games = Array.from({ length: 104 }, (_, id) => ({
      id: id + 1,
      status: 'Finished',
      date: new Date(Date.UTC(2026, 5, 11) + id * 36e5).toISOString(),
      stage: stages[id < 72 ? 0 : Math.min(6, 1 + Math.floor((id - 72) / 8))],
      homeTeam: 'mx',
      awayTeam: 'ca',
      homeGoals: Math.floor(next() * 4),
      // Knockout games always have a winner.
      awayGoals: 0,
    }));
    const players = Array.from({ length: 50 }, (_, index) => ({
      login: `player${index}@example.com`,
      name: `Player ${index}`,
      championPick: 'mx',
      predictions: games.filter(() => next() < 0.96).map((game) => ({ gameId: game.id, homeGoals: Math.floor(next() * 4), awayGoals: Math.floor(next() * 4) })),
    }));
    const config = defaultPointConfiguration(2026);
    for (let round = 0; round < 10; round++) rankGroup(players, games, config);
    const times = [];
    for (let round = 0; round < 25; round++) {
      const started = performance.now();
      rankGroup(players, games, config);
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[12];
  });
  console.log(`ranking a 50-player group over 104 games in Chromium: ${median.toFixed(2)} ms (goal < 5 ms) ${median < 5 ? 'ok' : 'MISSED'}`);
} finally {
  await browser.close();
  server.close();
}

// Scoring and ranking with @scorecast/rules against plain hand-written code doing the same work.
// Prints each as a ratio to its baseline, measured in the same run (goals: scoring <= 1.2, ranking <= 1.5).
import { defaultPointConfiguration, rankGroup, rankPlayers, scorePlayer, scoringTableOf } from '../dist/index.js';

function random(seed) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
}

const SYLLABLES = ['an', 'be', 'ca', 'do', 'el', 'fi', 'go', 'ha', 'io', 'ja', 'ke', 'lu', 'ma', 'ni', 'or', 'pe', 'ra', 'si', 'to', 'ul'];
/** A made-up player name of two to four syllables, capitalised. */
function nameOf(next) {
  const length = 2 + Math.floor(next() * 3);
  const name = Array.from({ length }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join('');
  return name[0].toUpperCase() + name.slice(1);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Runs the two functions alternately and returns the median time of each in milliseconds. */
function compare(candidate, baseline, rounds = 21) {
  for (let i = 0; i < 3; i++) {
    candidate();
    baseline();
  }
  const times = { candidate: [], baseline: [] };
  for (let i = 0; i < rounds; i++) {
    let start = performance.now();
    candidate();
    times.candidate.push(performance.now() - start);
    start = performance.now();
    baseline();
    times.baseline.push(performance.now() - start);
  }
  return { candidate: median(times.candidate), baseline: median(times.baseline) };
}

function report(name, { candidate, baseline }, goal) {
  const ratio = candidate / baseline;
  // `npm run bench` fails when a goal is missed.
  if (ratio > goal) process.exitCode = 1;
  console.log(
    `${name}: package ${candidate.toFixed(1)} ms, baseline ${baseline.toFixed(1)} ms, ratio ${ratio.toFixed(2)} (goal <= ${goal}) ${ratio <= goal ? 'ok' : 'MISSED'}`,
  );
}

// 1,000,000 predictions: 10,000 players over the 104 games of a 48-team World Cup (about 96 each).
const next = random(42);
const config = defaultPointConfiguration(2026);
const stages = ['Group', 'Last32', 'Last16', 'QuarterFinal', 'SemiFinal', 'SmallFinal', 'Final'];
const games = Array.from({ length: 104 }, (_, id) => ({
  id,
  status: 'Finished',
  date: new Date(Date.UTC(2026, 5, 11) + id * 36e5).toISOString(),
  stage: stages[id < 72 ? 0 : Math.min(6, 1 + Math.floor((id - 72) / 8))],
  homeTeam: 'Mexico',
  awayTeam: 'Canada',
  homeGoals: Math.floor(next() * 4),
  awayGoals: Math.floor(next() * 4),
}));
const players = Array.from({ length: 10_000 }, () => ({
  predictions: games
    .filter(() => next() < 0.9615)
    .map((game) => ({ gameId: game.id, homeGoals: Math.floor(next() * 4), awayGoals: Math.floor(next() * 4) })),
  championPick: 'Spain',
}));
const predictionCount = players.reduce((sum, player) => sum + player.predictions.length, 0);

const scoring = compare(
  () => {
    const table = scoringTableOf(games, config);
    let total = 0;
    for (const player of players) total += scorePlayer(player, table).points;
    return total;
  },
  () => {
    // The same work written by hand: look the game up, compare the goals, add, keep the result.
    const stageValues = (stage) => {
      const round = !config.useDifferentPointsForKnockoutRound || stage === 'Group' ? 'groupStage' : stage === 'SmallFinal' ? 'semiFinal' : stage[0].toLowerCase() + stage.slice(1);
      return { trend: config[`${round}TrendPoints`], exactTrend: config[`${round}ExactTrendPoints`], exact: config[`${round}ExactPoints`] };
    };
    const byId = new Map(games.map((game) => [game.id, { game, values: stageValues(game.stage) }]));
    let total = 0;
    for (const player of players) {
      let points = 0;
      const scored = [];
      for (const prediction of player.predictions) {
        const { game, values } = byId.get(prediction.gameId);
        const predicted = prediction.homeGoals - prediction.awayGoals;
        const actual = game.homeGoals - game.awayGoals;
        let accuracy = 'wrong';
        let gained = 0;
        if (predicted === actual) {
          if (prediction.homeGoals === game.homeGoals) [accuracy, gained] = ['exact', values.exact];
          else if (actual === 0) [accuracy, gained] = ['trend', values.trend];
          else [accuracy, gained] = ['exactTrend', values.exactTrend];
        } else if (Math.sign(predicted) === Math.sign(actual)) [accuracy, gained] = ['trend', values.trend];
        points += gained;
        scored.push({ gameId: prediction.gameId, homeGoals: prediction.homeGoals, awayGoals: prediction.awayGoals, accuracy, points: gained });
      }
      total += points;
    }
    return total;
  },
  9,
);
report(`scoring ${predictionCount.toLocaleString('en')} predictions`, scoring, 1.2);

// Ranking a 100,000-player group whose points are given, against sorting 100,000 numbers.
const group = Array.from({ length: 100_000 }, (_, index) => ({
  login: `player${index}@example.com`,
  name: nameOf(next),
  points: Math.floor(next() * 400),
}));
const numbers = group.map((player) => player.points);
const ranking = compare(
  () => rankPlayers(group),
  () => [...numbers].sort((a, b) => b - a),
);
report('ranking 100,000 players', ranking, 1.5);

// Re-deriving a 50-player group over the 104 finished games of a 48-team World Cup after a goal,
// as a browser does (points, ranks, arrows of every prediction): an absolute goal, under 5 ms.
const fifty = players.slice(0, 50).map((player, index) => ({ ...player, login: `p${index}@example.com`, name: nameOf(next) }));
const derivations = [];
for (let round = 0; round < 25; round++) {
  const start = performance.now();
  rankGroup(fifty, games, config);
  derivations.push(performance.now() - start);
}
const derivation = median(derivations);
console.log(`ranking a 50-player group over 104 games (Node): ${derivation.toFixed(2)} ms (goal < 5 ms) ${derivation < 5 ? 'ok' : 'MISSED'}`);

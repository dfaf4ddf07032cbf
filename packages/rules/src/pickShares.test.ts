import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultPointConfiguration, outcomeOf, pickSharesOf, stagePoints, wholePercentages } from './index.js';
import { score } from '../test/arbitraries/game.js';
import { gameOf } from '../test/arbitraries/group.js';

const config = defaultPointConfiguration(2026);
const picks = fc.array(score, { maxLength: 40 });

describe('pickSharesOf', () => {
  it('is never shown before kickoff', () => {
    fc.assert(
      fc.property(gameOf(1, 'Scheduled'), picks, (game, predictions) => {
        expect(pickSharesOf(game, predictions, config)).toBeUndefined();
      }),
    );
  });

  it('counts every prediction once as a home win, a draw or an away win', () => {
    fc.assert(
      fc.property(gameOf(1, 'Live'), picks, (game, predictions) => {
        const shares = pickSharesOf(game, predictions, config)!;
        expect(shares.count).toBe(predictions.length);
        expect(shares.outcomes.home + shares.outcomes.draw + shares.outcomes.away).toBe(predictions.length);
        expect(shares.outcomes.draw).toBe(predictions.filter((prediction) => outcomeOf(prediction) === 'draw').length);
      }),
    );
  });

  it('the percentages add up to 100 once anybody predicted', () => {
    fc.assert(
      fc.property(gameOf(1, 'Finished'), picks, (game, predictions) => {
        const { home, draw, away } = pickSharesOf(game, predictions, config)!.percentages;
        expect(home + draw + away).toBe(predictions.length > 0 ? 100 : 0);
      }),
    );
  });

  it('the top scores are at most three, most often first, each counted right', () => {
    fc.assert(
      fc.property(gameOf(1, 'Live'), picks, (game, predictions) => {
        const { topScores } = pickSharesOf(game, predictions, config)!;
        expect(topScores.length).toBe(Math.min(3, new Set(predictions.map((prediction) => `${prediction.homeGoals}:${prediction.awayGoals}`)).size));
        for (const top of topScores) expect(top.count).toBe(predictions.filter((prediction) => prediction.homeGoals === top.homeGoals && prediction.awayGoals === top.awayGoals).length);
        for (let index = 1; index < topScores.length; index++) expect(topScores[index - 1]!.count).toBeGreaterThanOrEqual(topScores[index]!.count);
        const counts = new Map<string, number>();
        for (const prediction of predictions) counts.set(`${prediction.homeGoals}:${prediction.awayGoals}`, (counts.get(`${prediction.homeGoals}:${prediction.awayGoals}`) ?? 0) + 1);
        const third = topScores.at(-1)?.count ?? 0;
        const shown = new Set(topScores.map((top) => `${top.homeGoals}:${top.awayGoals}`));
        for (const [key, count] of counts) if (!shown.has(key)) expect(count).toBeLessThanOrEqual(third);
      }),
    );
  });

  it('the average points are shown once the game is Finished, between nothing and the exact points', () => {
    fc.assert(
      fc.property(fc.constantFrom('Live' as const, 'Finished' as const).chain((status) => gameOf(1, status)), picks, (game, predictions) => {
        const { averagePoints } = pickSharesOf(game, predictions, config)!;
        if (game.status !== 'Finished' || predictions.length === 0 || (game.stage !== 'Group' && game.homeGoals === game.awayGoals)) {
          expect(averagePoints).toBeUndefined();
          return;
        }
        expect(averagePoints).toBeGreaterThanOrEqual(0);
        expect(averagePoints).toBeLessThanOrEqual(stagePoints(game.stage, config).exact);
      }),
    );
  });
});

describe('wholePercentages', () => {
  it('each is its exact share rounded down or up', () => {
    fc.assert(
      fc.property(fc.record({ home: fc.nat(50), draw: fc.nat(50), away: fc.nat(50) }), (counts) => {
        const total = counts.home + counts.draw + counts.away;
        const percentages = wholePercentages(counts);
        for (const key of ['home', 'draw', 'away'] as const) {
          const exact = total === 0 ? 0 : (counts[key] * 100) / total;
          expect(Math.abs(percentages[key] - exact)).toBeLessThan(1);
        }
      }),
    );
  });
});

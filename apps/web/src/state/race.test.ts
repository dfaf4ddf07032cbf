import { describe, expect, it } from 'vitest';
import type { Group } from '@scorecast/api-client';
import { defaultPointConfiguration } from '@scorecast/rules';
import { playersOfGroup, scoreNow } from './race';

describe('playersOfGroup', () => {
  it("hands the rules each player's champion prediction as the champion pick, predictions as they are", () => {
    const predictions = [{ gameId: 1, homeGoals: 2, awayGoals: 1, points: 5, rank: 1 }];
    const group: Group = { id: 'g', name: 'Rennen', creator: 'ada', competitionYear: 2026, pointConfiguration: defaultPointConfiguration(2026), players: [{ login: 'ada', name: 'Ada', championPrediction: 'mx', predictions, rank: 1, points: 5 }] };
    expect(playersOfGroup(group)).toEqual([{ login: 'ada', name: 'Ada', championPick: 'mx', predictions }]);
  });
});

describe('scoreNow', () => {
  it("starts trying at a Live game's score, and at 0:0 before kickoff", () => {
    expect(scoreNow({ status: 'Live', homeGoals: 1, awayGoals: 2 })).toEqual({ homeGoals: 1, awayGoals: 2 });
    expect(scoreNow({ status: 'Scheduled' })).toEqual({ homeGoals: 0, awayGoals: 0 });
  });
});

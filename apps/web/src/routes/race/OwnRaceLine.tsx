import { useMemo } from 'react';
import type { Game, Group } from '@scorecast/api-client';
import { championStatusOf, isCompetitionFinished, raceOf } from '@scorecast/rules';
import { RaceLine } from '@scorecast/ui';
import { playersOfGroup } from '../../state/race';

/** The own player's line of who can still win, on the dashboard. */
export function OwnRaceLine({ group, games, ownLogin }: { group: Group; games: readonly Game[]; ownLogin: string }) {
  const standing = useMemo(() => raceOf(playersOfGroup(group), games, group.pointConfiguration).find((each) => each.login === ownLogin), [group, games, ownLogin]);
  const pick = group.players.find((player) => player.login === ownLogin)?.championPrediction;
  if (!standing) return null;
  return (
    <RaceLine
      maxPoints={standing.maxPoints}
      bestRank={standing.bestRank}
      out={standing.out}
      over={isCompetitionFinished(games)}
      champion={pick ? { team: pick, status: championStatusOf(pick, games) } : undefined}
    />
  );
}

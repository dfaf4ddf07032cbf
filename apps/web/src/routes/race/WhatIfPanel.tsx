import { useMemo } from 'react';
import type { Game, Group } from '@scorecast/api-client';
import { hasStarted, whatIf, type Score } from '@scorecast/rules';
import { WhatIf } from '@scorecast/ui';
import { playersOfGroup, scoreNow } from '../../state/race';

export type WhatIfPanelProps = {
  game: Game;
  games: readonly Game[];
  group: Group;
  ownLogin: string;
  tried: Score;
  onTry: (score: Score) => void;
  onClose: () => void;
};

/** The what-if of one game, loaded on demand: the group's table with the tried result, from the rules. */
export function WhatIfPanel({ game, games, group, ownLogin, tried, onTry, onClose }: WhatIfPanelProps) {
  const players = useMemo(() => playersOfGroup(group), [group]);
  const rows = useMemo(() => whatIf(players, games, group.pointConfiguration, { gameId: game.id, ...tried }), [players, games, group.pointConfiguration, game.id, tried]);
  const now = scoreNow(game);
  return <WhatIf homeTeam={game.homeTeam} awayTeam={game.awayTeam} tried={tried} lowest={now} rows={rows} ownLogin={ownLogin} onTry={onTry} onReset={() => onTry(now)} onClose={onClose} othersHidden={!hasStarted(game)} />;
}

import { lazy, Suspense, useState } from 'react';
import type { Game, Group } from '@scorecast/api-client';
import type { Score } from '@scorecast/rules';
import { WhatIfOpener } from '@scorecast/ui';
import { scoreNow } from '../../state/race';

// The what-if and its table load when a player first opens one, not with the dashboard.
const WhatIfPanel = lazy(() => import('./WhatIfPanel').then((module) => ({ default: module.WhatIfPanel })));

export type GameWhatIfProps = { game: Game; games: readonly Game[]; group: Group; ownLogin: string };

/** 'What if…?' under a Live or Scheduled game whose teams are known: tries a result without saving it; closing it (or leaving the game) forgets it. */
export function GameWhatIf(props: GameWhatIfProps) {
  const [tried, setTried] = useState<Score>();
  const [closed, setClosed] = useState(false);
  const { game } = props;
  if (tried === undefined) return <WhatIfOpener homeTeam={game.homeTeam} awayTeam={game.awayTeam} focused={closed} onOpen={() => setTried(scoreNow(game))} />;
  const close = () => {
    setTried(undefined);
    setClosed(true);
  };
  return (
    <Suspense fallback={null}>
      <WhatIfPanel {...props} tried={tried} onTry={setTried} onClose={close} />
    </Suspense>
  );
}

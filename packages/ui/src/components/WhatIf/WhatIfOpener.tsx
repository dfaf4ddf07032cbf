import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeamName } from '../../team/useTeamName';
import { visuallyHidden } from '../../styles/controls.css';
import * as styles from './WhatIfOpener.css';

export type WhatIfOpenerProps = {
  /** The game's teams, named to screen readers: a list of buttons read "What if…?" for every game. */
  homeTeam: string;
  awayTeam: string;
  onOpen: () => void;
  /** Takes the focus when shown, as the what-if it replaces closes: the focus fell to the page's top. */
  focused?: boolean | undefined;
};

/** The link-like button under a game that opens its what-if (kept apart from WhatIf so the app can load that on demand). */
export function WhatIfOpener({ homeTeam, awayTeam, onOpen, focused = false }: WhatIfOpenerProps) {
  const { t } = useTranslation();
  const teamName = useTeamName();
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focused) ref.current?.focus({ preventScroll: true });
  }, [focused]);
  return (
    <button ref={ref} type="button" className={styles.opener} onClick={onOpen}>
      {t('race.whatIf.open')}
      <span className={visuallyHidden}> {t('game.vs', { home: teamName(homeTeam), away: teamName(awayTeam) })}</span>
    </button>
  );
}

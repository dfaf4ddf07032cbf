import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPlaceholderTeam } from '@scorecast/rules';
import { useTeamName } from '../../team/useTeamName';
import * as styles from './TeamFlag.css';

export type TeamFlagProps = {
  /** Team id: lower-case ISO 3166-1 alpha-2, or gb-eng, gb-sct, gb-wls, gb-nir. */
  team: string;
  /** Hide the image from screen readers when the team's name is written next to it. */
  decorative?: boolean;
};

/** The flag image of a team from /assets/flags; a labelled box when the image is missing. */
export function TeamFlag({ team, decorative = false }: TeamFlagProps) {
  // A flag beside its team's written name says nothing itself, so it needs no texts: a schedule
  // shows two of these a game.
  return decorative ? <FlagImage team={team} /> : <NamedFlag team={team} />;
}

function NamedFlag({ team }: { team: string }) {
  const { t } = useTranslation();
  const name = useTeamName()(team);
  return <FlagImage team={team} label={{ name, alt: t('team.flagOf', { team: name }) }} />;
}

/** Without a label the flag is hidden from screen readers. */
function FlagImage({ team, label }: { team: string; label?: { name: string; alt: string } }) {
  const [failed, setFailed] = useState(false);
  const hidden = label ? undefined : true;
  // A team not known yet has no flag: a neutral badge, and no request for an image that cannot exist.
  if (isPlaceholderTeam(team)) {
    return (
      <span className={styles.missing} role={label && 'img'} aria-label={label?.name} aria-hidden={hidden}>
        ?
      </span>
    );
  }
  if (failed) {
    return (
      <span className={styles.missing} role={label && 'img'} aria-label={label?.alt || undefined} aria-hidden={hidden}>
        {team.replace('gb-', '').slice(0, 3)}
      </span>
    );
  }
  return <img className={styles.flag} src={`/assets/flags/${team}.png`} alt={label?.alt ?? ''} onError={() => setFailed(true)} />;
}

/** A flag followed by the team's name. */
export function TeamLabel({ team }: { team: string }) {
  const nameOf = useTeamName();
  return (
    <span className={styles.team}>
      <TeamFlag team={team} decorative />
      <span className={styles.name}>{nameOf(team)}</span>
    </span>
  );
}

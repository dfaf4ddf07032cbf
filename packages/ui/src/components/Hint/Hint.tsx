import { useTranslation } from 'react-i18next';
import { Link } from '../../links/LinkProvider';
import { button } from '../../styles/controls.css';
import * as styles from './Hint.css';

export const HINTS = ['scheduleNotReleased', 'noGroup', 'moreGamesFollow'] as const;
export type HintKind = (typeof HINTS)[number];

export type HintProps = { kind: HintKind; /** Where 'create group' leads (noGroup only). */ createGroupHref?: string };

/** A quiet note in the dashboard: schedule not out yet, no group yet, or more games to come. */
export function Hint({ kind, createGroupHref = '/group/create' }: HintProps) {
  const { t } = useTranslation();
  return (
    <section className={styles.hint} role="note">
      <p className={styles.text}>{t(`hint.${kind}`)}</p>
      {kind === 'noGroup' && (
        <Link href={createGroupHref} className={button.primary}>
          {t('app.createGroup')}
        </Link>
      )}
    </section>
  );
}

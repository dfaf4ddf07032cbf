import { useTranslation } from 'react-i18next';
import { Link } from '../../links/LinkProvider';
import { button } from '../../styles/controls.css';
import { INVITE_ANCHOR } from '../InviteBlock/InviteBlock';
import * as styles from './Hint.css';

export type InviteHintProps = {
  playerCount: number;
  /** Absent: no limit, so no count of places left. */
  maxPlayers?: number | null | undefined;
  /** Where the invitation is (the ranking's invite block). */
  inviteHref?: string;
};

/** The dashboard's invite hint (spec section 2): predicting alone is no fun, the places left, and the way to invite more friends. */
export function InviteHint({ playerCount, maxPlayers, inviteHref = `/ranking#${INVITE_ANCHOR}` }: InviteHintProps) {
  const { t } = useTranslation();
  return (
    <section className={styles.hint} role="note">
      <p className={styles.text}>{playerCount <= 1 ? t('invite.alone') : t('invite.missingFriend')}</p>
      {maxPlayers ? <p className={styles.text}>{t('invite.remaining', { count: maxPlayers - playerCount })}</p> : null}
      <Link href={inviteHref} className={button.secondary}>
        {t('invite.title')}
      </Link>
    </section>
  );
}

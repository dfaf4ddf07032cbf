import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasRoom } from '@scorecast/rules';
import { button, card, heading, muted, textInput } from '../../styles/controls.css';
import { POPUP_DEFAULT_TIMER_MS } from '../Popup/Popup';
import * as styles from './InviteBlock.css';

export type InviteBlockProps = {
  groupId: string;
  groupName: string;
  competitionName: string;
  playerCount: number;
  maxPlayers?: number | null | undefined;
  /** The site address, e.g. 'https://scorecast.example'. */
  origin: string;
  /** Only on phones whose browser can share natively (navigator.share on Android, iOS, Windows Phone). */
  onNativeShare?: ((text: string, link: string) => void) | undefined;
};

/** The invitation link of a group: the site address followed by /login?invitation={groupId}. */
export function invitationLink(origin: string, groupId: string): string {
  return `${origin}/login?invitation=${encodeURIComponent(groupId)}`;
}

/** Invite friends by messenger, social network, e-mail or the phone's share sheet. */
/** The invite block's anchor: the dashboard's invite hint opens the ranking there. */
export const INVITE_ANCHOR = 'invite';

export function InviteBlock({ groupId, groupName, competitionName, playerCount, maxPlayers, origin, onNativeShare }: InviteBlockProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const link = invitationLink(origin, groupId);
  const text = t('invite.message', { group: groupName, competition: competitionName, link });
  const open = hasRoom(playerCount, maxPlayers);
  // 'manual' when the browser refuses to copy: the link is then shown selected, to copy by hand.
  // A new object for each copy, so a second copy says it again for as long as the first did.
  const [copied, setCopied] = useState<{ how: 'copied' | 'manual' }>();
  // Said for a moment, as the spec's success messages are: kept, it went stale beside later news.
  useEffect(() => {
    if (copied?.how !== 'copied') return;
    const timer = setTimeout(() => setCopied(undefined), POPUP_DEFAULT_TIMER_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  // Pasted into any chat: the link alone, as a friend would send it.
  const copy = () => {
    const written = navigator.clipboard ? navigator.clipboard.writeText(link) : Promise.reject(new Error('no clipboard'));
    void written.then(
      () => setCopied({ how: 'copied' }),
      () => setCopied({ how: copyBySelection(link) ? 'copied' : 'manual' }),
    );
  };
  return (
    <section id={INVITE_ANCHOR} className={`${card} ${styles.block}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={heading}>
        {t('invite.title')}
      </h2>
      {!open ? (
        <p className={muted}>{t('invite.full')}</p>
      ) : (
        <>
          <p style={{ margin: 0 }}>{playerCount <= 1 ? t('invite.alone') : t('invite.missingFriend')}</p>
          {maxPlayers ? <p className={muted}>{t('invite.remaining', { count: maxPlayers - playerCount })}</p> : null}
          <div className={styles.actions}>
            <a className={button.primary} href={`https://wa.me/?text=${encodeURIComponent(text)}`} target="_blank" rel="noreferrer">
              {t('invite.messenger')}
            </a>
            <a className={button.secondary} href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`} target="_blank" rel="noreferrer">
              {t('invite.social')}
            </a>
            <a className={button.secondary} href={`mailto:?subject=${encodeURIComponent(t('invite.mailSubject', { group: groupName }))}&body=${encodeURIComponent(text)}`}>
              {t('invite.mail')}
            </a>
            <button type="button" className={button.secondary} onClick={copy}>
              {t('invite.copy')}
            </button>
            {onNativeShare && (
              <button type="button" className={button.secondary} onClick={() => onNativeShare(text, link)}>
                {t('invite.native')}
              </button>
            )}
          </div>
          <p className={`${muted} ${styles.copiedNote}`} role="status">
            {copied?.how === 'copied' ? t('invite.copied') : ''}
          </p>
          {copied?.how === 'manual' && <input className={textInput} readOnly value={link} aria-label={t('invite.copy')} onFocus={(event) => event.currentTarget.select()} autoFocus />}
        </>
      )}
    </section>
  );
}

/** Browsers that refuse the clipboard API (no permission, plain http) still copy a selected text. */
function copyBySelection(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  const copied = document.execCommand('copy');
  field.remove();
  return copied;
}

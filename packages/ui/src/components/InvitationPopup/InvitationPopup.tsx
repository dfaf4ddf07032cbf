import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateName } from '@scorecast/rules';
import { serverNameError } from '../../i18n/serverErrors';
import { field, fieldError, label, textInput } from '../../styles/controls.css';
import { Popup } from '../Popup/Popup';
import * as styles from './InvitationPopup.css';

export type InvitationPopupProps = {
  invitorName: string;
  groupName: string;
  /** The group has no seat left: said instead of asking for a name, and OK puts the invitation aside. */
  isFull?: boolean | undefined;
  /** The group's tournament is a past year's: said instead of asking for a name, and OK lets the invitation go. */
  isOver?: boolean | undefined;
  /** The server's verdict on the name from the live check: a code such as 'playerNameTaken'. */
  playerNameError?: string | undefined;
  /** Called while typing, for the server's live check. */
  onNameChange?: ((name: string) => void) | undefined;
  onAccept: (playerName: string) => void;
  onRefuse: () => void;
  /** Escape: puts the invitation aside for now (defaults to refusing it). */
  onClose?: (() => void) | undefined;
};

/** A pending invitation: the player's name in the group, then Accept or Refuse; for a full or past group, only what to do about it. */
export function InvitationPopup({ invitorName, groupName, isFull = false, isOver = false, playerNameError, onNameChange, onAccept, onRefuse, onClose }: InvitationPopupProps) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  if (isOver) {
    // Nothing to wait for: the group will never take anyone again.
    return (
      <Popup
        kind="warning"
        title={t('login.invitation.title')}
        message={t('login.invitedToPastGroup', { invitor: invitorName, group: groupName })}
        onClose={onRefuse}
        buttons={[{ label: t('popup.ok'), onClick: onRefuse }]}
      />
    );
  }
  if (isFull) {
    return (
      <Popup
        kind="warning"
        title={t('login.invitation.title')}
        message={t('login.invitedToFullGroup', { invitor: invitorName, group: groupName })}
        onClose={onClose ?? onRefuse}
        buttons={[
          { label: t('popup.ok'), onClick: onClose ?? onRefuse },
          { label: t('login.invitation.refuse'), onClick: onRefuse, variant: 'secondary' },
        ]}
      />
    );
  }
  const error = validateName(name);
  const shownError = name === '' ? undefined : error ? t(`validation.${error}`) : playerNameError && serverNameError(t, playerNameError);
  const canAccept = !error && !playerNameError;
  return (
    <Popup
      kind="question"
      title={t('login.invitation.title')}
      message={t('login.invitation.text', { invitor: invitorName, group: groupName })}
      onClose={onClose ?? onRefuse}
      buttons={[
        { label: t('login.invitation.accept'), onClick: () => onAccept(name.trim()), disabled: !canAccept },
        { label: t('login.invitation.refuse'), onClick: onRefuse, variant: 'secondary' },
      ]}
    >
      <div className={`${field} ${styles.nameField}`}>
        <label className={label} htmlFor={id}>
          {t('login.invitation.name')}
        </label>
        <input
          id={id}
          className={textInput}
          value={name}
          autoComplete="nickname"
          aria-invalid={!!shownError}
          aria-describedby={shownError ? `${id}-error` : undefined}
          onChange={(event) => {
            setName(event.target.value);
            onNameChange?.(event.target.value);
          }}
          // Enter in the name accepts, as it would submit a form.
          onKeyDown={(event) => event.key === 'Enter' && canAccept && onAccept(name.trim())}
        />
        {shownError && (
          <p id={`${id}-error`} className={fieldError}>
            {shownError}
          </p>
        )}
      </div>
    </Popup>
  );
}

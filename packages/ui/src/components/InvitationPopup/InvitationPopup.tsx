import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateName } from '@scorecast/rules';
import { field, fieldError, label, textInput } from '../../styles/controls.css';
import { Popup } from '../Popup/Popup';
import * as styles from './InvitationPopup.css';

export type InvitationPopupProps = {
  invitorName: string;
  groupName: string;
  /** Server-side message of the live player-name check. */
  playerNameError?: string | undefined;
  onAccept: (playerName: string) => void;
  onRefuse: () => void;
};

/** A pending invitation: the player's name in the group, then Accept or Refuse. */
export function InvitationPopup({ invitorName, groupName, playerNameError, onAccept, onRefuse }: InvitationPopupProps) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const error = validateName(name);
  return (
    <Popup
      kind="question"
      title={t('login.invitation.title')}
      message={t('login.invitation.text', { invitor: invitorName, group: groupName })}
      onClose={onRefuse}
      buttons={[
        { label: t('login.invitation.accept'), onClick: () => onAccept(name.trim()), disabled: !!error || !!playerNameError },
        { label: t('login.invitation.refuse'), onClick: onRefuse, variant: 'secondary' },
      ]}
    >
      <div className={`${field} ${styles.nameField}`}>
        <label className={label} htmlFor={id}>
          {t('login.invitation.name')}
        </label>
        <input id={id} className={textInput} value={name} aria-invalid={!!playerNameError || (name !== '' && !!error)} onChange={(event) => setName(event.target.value)} />
        {(playerNameError || (name !== '' && error)) && <p className={fieldError}>{playerNameError ?? t(`validation.${error}`)}</p>}
      </div>
    </Popup>
  );
}

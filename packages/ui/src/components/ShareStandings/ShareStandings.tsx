import { useTranslation } from 'react-i18next';
import { button } from '../../styles/controls.css';
import * as styles from './ShareStandings.css';

export type ShareStandingsProps = {
  /** Shares the picture (the device's share sheet), or downloads it and copies the link. */
  onShare: () => void;
  /** Whether the device has a share sheet that takes files: the label says what happens. */
  canShareFiles: boolean;
};

/** On the ranking: the group's standings as a picture for group chats. */
export function ShareStandings({ onShare, canShareFiles }: ShareStandingsProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.block}>
      <button type="button" className={button.secondary} onClick={onShare}>
        {t(canShareFiles ? 'share.button' : 'share.download')}
      </button>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import * as styles from './WhatIfOpener.css';

/** The link-like button under a game that opens its what-if (kept apart from WhatIf so the app can load that on demand). */
export function WhatIfOpener({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={styles.opener} onClick={onOpen}>
      {t('race.whatIf.open')}
    </button>
  );
}

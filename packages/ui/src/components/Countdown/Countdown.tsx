import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownTo } from '@scorecast/rules';
import * as styles from './Countdown.css';

export type CountdownProps = {
  /** Kickoff of the first game. */
  firstKickoff: Date | string | number;
  /** The current time; the app re-renders with a new one every second. */
  now: Date | string | number;
};

/** Days, hours and minutes until the tournament starts; nothing once it has. */
export function Countdown({ firstKickoff, now }: CountdownProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const left = countdownTo(firstKickoff, now);
  if (!left) return null;
  return (
    <section className={styles.countdown} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('countdown.title')}
      </h2>
      {/* The last seconds read '0 days 0 hours 0 minutes' while predictions were still open. */}
      {left.days === 0 && left.hours === 0 && left.minutes === 0 ? (
        <p className={styles.lastMinute}>{t('countdown.underAMinute')}</p>
      ) : (
        <ul className={styles.parts}>
          <li>{t('countdown.days', { count: left.days })}</li>
          <li>{t('countdown.hours', { count: left.hours })}</li>
          <li>{t('countdown.minutes', { count: left.minutes })}</li>
        </ul>
      )}
    </section>
  );
}

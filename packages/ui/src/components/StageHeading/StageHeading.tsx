import { useTranslation } from 'react-i18next';
import { stagePoints, type PointConfiguration, type Stage } from '@scorecast/rules';
import * as styles from './StageHeading.css';

export type StageHeadingProps = {
  stage: Stage;
  /** The selected group's points; the rules line is left out when absent (finished competition). */
  points?: PointConfiguration | undefined;
};

/** Heading at the first date of a stage, with the group's point rules for it. */
export function StageHeading({ stage, points }: StageHeadingProps) {
  const { t } = useTranslation();
  const round = points ? stagePoints(stage, points) : undefined;
  return (
    <header className={styles.heading}>
      <h2 className={styles.title}>{t(`stage.${stage}`)}</h2>
      {round && <p className={styles.rules}>{t('stage.pointRules', round)}</p>}
    </header>
  );
}

/** The date line above a day's games, in the spec's dd.MM.yyyy format. */
export function GameDate({ date }: { date: string }) {
  const day = new Date(date);
  const text = [day.getDate(), day.getMonth() + 1].map((part) => String(part).padStart(2, '0')).concat(String(day.getFullYear())).join('.');
  return (
    <h3 className={styles.date}>
      <time dateTime={date}>{text}</time>
    </h3>
  );
}

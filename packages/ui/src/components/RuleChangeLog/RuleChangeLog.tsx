import { useTranslation } from 'react-i18next';
import { dateAndTime } from '../../i18n/kickoff';
import { pointFieldLabel } from '../../i18n/pointFieldLabel';
import * as styles from './RuleChangeLog.css';

export type RuleChange = { at: string; changes: readonly { field: string; from: unknown; to: unknown }[] };

export type RuleChangeLogProps = { changes: readonly RuleChange[] };

/** On the ranking: the point rules the creator changed after others had joined, when and from what to what. */
export function RuleChangeLog({ changes }: RuleChangeLogProps) {
  const { t, i18n } = useTranslation();
  if (changes.length === 0) return null;
  const value = (points: unknown) => (typeof points === 'boolean' ? t(points ? 'ruleChanges.yes' : 'ruleChanges.no') : typeof points === 'number' || typeof points === 'string' ? String(points) : '–');
  return (
    <section className={styles.block} aria-labelledby="rule-changes-title">
      <h2 id="rule-changes-title" className={styles.title}>
        {t('ruleChanges.title')}
      </h2>
      <ul className={styles.list}>
        {changes.flatMap((change) =>
          change.changes.map((field) => (
            <li key={`${change.at} ${field.field}`}>
              <time dateTime={change.at}>{dateAndTime(change.at, i18n.language)}</time>: {pointFieldLabel(t, field.field)} {value(field.from)} → {value(field.to)}
            </li>
          )),
        )}
      </ul>
    </section>
  );
}

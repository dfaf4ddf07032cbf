import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../links/LinkProvider';
import { button, card, heading, row } from '../../styles/controls.css';
import { ConfirmAction } from '../ConfirmAction/ConfirmAction';
import * as styles from './GroupActions.css';

export type GroupActionsProps = {
  groupId: string;
  /** Creators edit and delete; everyone else may leave. */
  isCreator: boolean;
  /** Whether the player already created a group (changes the wording of 'create'). */
  hasOwnGroup: boolean;
  onDelete: () => void;
  onLeave: () => void;
};

/** Edit, delete, leave and create-another actions of a current-year group. */
export function GroupActions({ groupId, isCreator, hasOwnGroup, onDelete, onLeave }: GroupActionsProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className={`${card} ${styles.block}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={heading}>
        {t('groupActions.title')}
      </h2>
      <div className={row}>
        {isCreator && (
          <Link href={`/group/${groupId}`} className={button.secondary}>
            {t('groupActions.edit')}
          </Link>
        )}
        <Link href="/group/create" className={button.secondary}>
          {t(hasOwnGroup ? 'groupActions.createAnother' : 'groupActions.createOwn')}
        </Link>
      </div>
      {/* A confirmation belongs to its group: ticked for one, it must not arm the next one shown. */}
      {isCreator ? (
        <ConfirmAction key={`delete ${groupId}`} confirmations={[t('groupActions.confirmDelete')]} actionLabel={t('groupActions.delete')} onConfirm={onDelete} />
      ) : (
        <ConfirmAction key={`leave ${groupId}`} confirmations={[t('groupActions.confirmLeave')]} actionLabel={t('groupActions.leave')} onConfirm={onLeave} />
      )}
    </section>
  );
}

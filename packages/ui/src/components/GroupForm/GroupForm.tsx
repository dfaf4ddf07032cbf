import { Fragment, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  countedPointFields,
  countedPointRounds,
  isPointFieldLocked,
  pointFieldsOf,
  pointLocksOf,
  validateName,
  validatePointValue,
  type Game,
  type PointConfiguration,
  type PointField,
  type PointRound,
} from '@scorecast/rules';
import { STAGE_OF_ROUND } from '../../i18n/pointFieldLabel';
import { serverNameError } from '../../i18n/serverErrors';
import { button, field, fieldError, label, muted, pageTitle, textInput } from '../../styles/controls.css';
import * as styles from './GroupForm.css';

export type GroupFormValues = { name: string; playerName?: string | undefined; pointConfiguration: PointConfiguration };

export type GroupFormProps = {
  mode: 'create' | 'edit';
  year: number;
  initial: GroupFormValues;
  /** The year's games: they decide which point fields are locked. */
  games: readonly Pick<Game, 'status' | 'stage'>[];
  /** Server-side messages of the live name check. */
  groupNameError?: string | undefined;
  playerNameError?: string | undefined;
  /** Called while typing, for the server's live check. */
  onNamesChange?: (names: { name: string; playerName?: string | undefined }) => void;
  onSubmit: (values: GroupFormValues) => void;
  /** Shown when the player already has a group. */
  onCancel?: (() => void) | undefined;
};

type PointTexts = Partial<Record<PointField, string>>;

const textsOf = (config: PointConfiguration): PointTexts =>
  Object.fromEntries(Object.entries(config).filter(([key]) => key !== 'useDifferentPointsForKnockoutRound').map(([key, value]) => [key, String(value)]));

/** Create or edit a group: names, the points table with locked fields, champion points. */
export function GroupForm({ mode, year, initial, games, groupNameError, playerNameError, onNamesChange, onSubmit, onCancel }: GroupFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const locks = useMemo(() => pointLocksOf(games), [games]);
  const [name, setName] = useState(initial.name);
  const [playerName, setPlayerName] = useState(initial.playerName ?? '');
  const [different, setDifferent] = useState(initial.pointConfiguration.useDifferentPointsForKnockoutRound);
  const [points, setPoints] = useState<PointTexts>(() => textsOf(initial.pointConfiguration));
  // A fresh form is not wrong yet: a name's error shows once the player typed in it.
  const [typed, setTyped] = useState({ name: false, playerName: false });

  const rounds = countedPointRounds({ useDifferentPointsForKnockoutRound: different }, year);
  const shownFields = countedPointFields({ useDifferentPointsForKnockoutRound: different }, year);
  const invalidFields = new Set(shownFields.filter((key) => validatePointValue(points[key] ?? '') !== undefined));
  const nameError = validateName(name);
  const playerError = mode === 'create' ? validateName(playerName) : undefined;

  const configuration: PointConfiguration = { ...initial.pointConfiguration, useDifferentPointsForKnockoutRound: different };
  for (const key of shownFields) if (!invalidFields.has(key)) configuration[key] = Number(points[key]);
  const changed = name !== initial.name || JSON.stringify(configuration) !== JSON.stringify(initial.pointConfiguration);
  const valid = !nameError && !playerError && !groupNameError && !playerNameError && invalidFields.size === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || (mode === 'edit' && !changed)) return;
    onSubmit({ name: name.trim(), playerName: mode === 'create' ? playerName.trim() : undefined, pointConfiguration: configuration });
  };

  const pointInput = (key: PointField, labelText: string, errorId: string) => {
    const locked = isPointFieldLocked(key, locks);
    return (
      <input
        className={`${textInput} ${styles.pointInput}`}
        aria-label={labelText}
        inputMode="numeric"
        maxLength={3}
        value={points[key] ?? ''}
        readOnly={locked}
        aria-readonly={locked}
        disabled={locked}
        title={locked ? t('groupForm.locked') : undefined}
        aria-invalid={invalidFields.has(key)}
        aria-describedby={invalidFields.has(key) ? errorId : undefined}
        onChange={(event) => setPoints({ ...points, [key]: event.target.value.replace(/\D/g, '') })}
      />
    );
  };

  const roundLabel = (round: PointRound) => (round === 'groupStage' ? t(different ? 'groupForm.rounds.groupStage' : 'groupForm.rounds.allRounds') : t(`stage.${STAGE_OF_ROUND[round]}`));

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <h1 className={pageTitle}>{t(mode === 'create' ? 'groupForm.createTitle' : 'groupForm.editTitle')}</h1>
      <NameField
        id={`${id}-name`}
        labelText={t('groupForm.groupName')}
        value={name}
        error={!typed.name ? undefined : nameError ? t(`validation.${nameError}`) : groupNameError && serverNameError(t, groupNameError)}
        onChange={(value) => {
          setName(value);
          setTyped({ ...typed, name: true });
          onNamesChange?.({ name: value, playerName });
        }}
      />
      {mode === 'create' && (
        <NameField
          id={`${id}-player`}
          labelText={t('groupForm.playerName')}
          value={playerName}
          error={!typed.playerName ? undefined : playerError ? t(`validation.${playerError}`) : playerNameError && serverNameError(t, playerNameError)}
          onChange={(value) => {
            setPlayerName(value);
            setTyped({ ...typed, playerName: true });
            onNamesChange?.({ name, playerName: value });
          }}
        />
      )}
      <fieldset className={styles.choice} disabled={isPointFieldLocked('useDifferentPointsForKnockoutRound', locks)}>
        <legend className={label}>{t('groupForm.pointsTitle')}</legend>
        <label className={styles.radio}>
          <input type="radio" name={`${id}-different`} checked={!different} onChange={() => setDifferent(false)} />
          {t('groupForm.samePoints')}
        </label>
        <label className={styles.radio}>
          <input type="radio" name={`${id}-different`} checked={different} onChange={() => setDifferent(true)} />
          {t('groupForm.differentPoints')}
        </label>
      </fieldset>
      <table className={styles.table}>
        <thead>
          <tr>
            <th className={styles.th} scope="col">{t('groupForm.round')}</th>
            <th className={styles.pointHeader} scope="col">{t('groupForm.trend')}</th>
            <th className={styles.pointHeader} scope="col">{t('groupForm.exactTrend')}</th>
            <th className={styles.pointHeader} scope="col">{t('groupForm.exact')}</th>
          </tr>
        </thead>
        <tbody>
          {rounds.map((round) => {
            const [trend, exactTrend, exact] = pointFieldsOf(round);
            const name = roundLabel(round);
            const errorId = `${id}-${round}-error`;
            return (
              <Fragment key={round}>
                <tr>
                  <th className={styles.rowHeader} scope="row">
                    <span className={styles.roundName}>
                      {isPointFieldLocked(trend, locks) && <LockCue />}
                      {name}
                    </span>
                  </th>
                  <td className={styles.td}>{pointInput(trend, `${name}: ${t('groupForm.trend')}`, errorId)}</td>
                  <td className={styles.td}>{pointInput(exactTrend, `${name}: ${t('groupForm.exactTrend')}`, errorId)}</td>
                  <td className={styles.td}>{pointInput(exact, `${name}: ${t('groupForm.exact')}`, errorId)}</td>
                </tr>
                {/* Right under the row it is about: below the table it was off a phone's screen while the top rows were edited. */}
                {[trend, exactTrend, exact].some((key) => invalidFields.has(key)) && (
                  <tr>
                    <td colSpan={4}>
                      <p id={errorId} className={fieldError} role="alert">
                        {t('groupForm.pointInvalid')}
                      </p>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      {(locks.groupStage || locks.knockout) && (
        <p className={`${muted} ${styles.tableError}`}>
          <LockCue />
          {t(locks.knockout ? 'groupForm.lockedAll' : 'groupForm.lockedGroupStage')}
        </p>
      )}
      <div className={field}>
        <span className={label}>
          {isPointFieldLocked('winnerPoints', locks) && <LockCue />}
          {t('groupForm.winnerPoints')}
        </span>
        {pointInput('winnerPoints', t('groupForm.winnerPoints'), `${id}-winner-error`)}
        {invalidFields.has('winnerPoints') && (
          <p id={`${id}-winner-error`} className={fieldError} role="alert">
            {t('groupForm.pointInvalid')}
          </p>
        )}
      </div>
      <div className={styles.buttons}>
        <button type="submit" className={button.primary} disabled={!valid || (mode === 'edit' && !changed)}>
          {t(mode === 'create' ? 'groupForm.create' : 'groupForm.save')}
        </button>
        {onCancel && (
          <button type="button" className={button.secondary} onClick={onCancel}>
            {t('groupForm.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/** The padlock beside a locked row or field: the inputs are disabled, and this says it is on purpose. */
function LockCue() {
  return (
    // Drawn, not an emoji: not every system has a font with the padlock.
    <svg className={styles.lock} data-cue="locked" aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
      <rect x="2.5" y="7" width="11" height="8" rx="1.5" fill="currentColor" />
      <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

function NameField({ id, labelText, value, error, onChange }: { id: string; labelText: string; value: string; error: string | undefined; onChange: (value: string) => void }) {
  return (
    <div className={field}>
      <label className={label} htmlFor={id}>
        {labelText}
      </label>
      <input id={id} className={textInput} value={value} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} onChange={(event) => onChange(event.target.value)} />
      {error && (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

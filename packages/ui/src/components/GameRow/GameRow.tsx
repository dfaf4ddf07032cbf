import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canEditPrediction, formatScore, resultOf, teamsKnown, type Game, type Score } from '@scorecast/rules';
import { useOpenTold } from '../../hooks/useOpenTold';
import { useSmallScreen } from '../../hooks/useSmallScreen';
import { useTeamName } from '../../team/useTeamName';
import { kickoffTime } from '../../i18n/kickoff';
import { neighbourPredictionInput, PredictionInput } from '../PredictionInput/PredictionInput';
import { PredictionPopup } from '../PredictionPopup/PredictionPopup';
import { TeamFlag } from '../TeamFlag/TeamFlag';
import * as styles from './GameRow.css';

export type GameRowProps = {
  /** Teams are ids like 'de' or 'gb-sct'; a group-stage game may name its group ('A'), a knockout game shows its match number. */
  game: Game & { groupLetter?: string | undefined; number?: number | undefined };
  /** The viewer's saved prediction. */
  prediction: Score | undefined;
  /** The server's time, which decides whether the game can still be predicted. */
  now: Date | string | number;
  /** Saves a prediction; a promise resolving to false means it was refused and the input goes back. */
  onPredict: (score: Score) => void | Promise<boolean>;
  /** Overrides the screen-width check: below 1000 px the input opens a full-screen picker. */
  smallScreen?: boolean;
  /** Shown under the game, e.g. the predictions list once the game started. */
  children?: ReactNode;
  /** Told when the phone picker opens, with a way to close it, and when it closes: the app closes it on the browser's Back. */
  onPickerChange?: ((close: (() => void) | undefined) => void) | undefined;
};

/** One game of the schedule: time, status, teams with flags, and the result or the prediction input. */
export function GameRow({ game, prediction, now, onPredict, smallScreen, children, onPickerChange }: GameRowProps) {
  const { t, i18n } = useTranslation();
  const nameOf = useTeamName();
  const isSmallScreen = useSmallScreen();
  const [picking, setPicking] = useState<false | 'close' | 'previous' | 'next'>(false);
  const rowRef = useRef<HTMLElement>(null);
  const [neighbours, setNeighbours] = useState({ previous: false, next: false });
  const home = nameOf(game.homeTeam);
  const away = nameOf(game.awayTeam);
  const result = resultOf(game);
  const editable = canEditPrediction(game, now);
  const time = kickoffTime(game.date, i18n.language);
  // Kickoff locks the game before any feed says Live: it has started as far as the player is concerned.
  const status = game.status === 'Scheduled' && !editable && Date.parse(game.date) <= new Date(now).getTime() ? 'Started' : game.status;
  const isDrawInKnockout = game.stage !== 'Group' && prediction !== undefined && prediction.homeGoals === prediction.awayGoals;

  // Shown while the game takes predictions: at kickoff it closes by itself, and says so like any close.
  const pickerShown = picking !== false && editable;
  // Nor does it open again if the kickoff is moved back later.
  useEffect(() => {
    if (!editable) setPicking(false);
  }, [editable]);
  useOpenTold(pickerShown, onPickerChange, () => setPicking(false));

  // Closed, the picker gives the focus back to the input without opening again: Tab then goes on
  // past the game (it went round the same game's picker for ever).
  const givingBack = useRef(false);
  const giveFocusBack = () => {
    givingBack.current = true;
    rowRef.current?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
    givingBack.current = false;
  };
  const small = smallScreen ?? isSmallScreen;
  const openPicker = () => {
    const row = rowRef.current;
    const input = row?.querySelector<HTMLInputElement>('input');
    // Reached with Next or Previous, the neighbour's picker opens with the focus on the same button.
    const from = input?.dataset.pickerFrom;
    if (input) delete input.dataset.pickerFrom;
    setNeighbours({ previous: !!row && !!neighbourPredictionInput(row, -1), next: !!row && !!neighbourPredictionInput(row, 1) });
    setPicking(from === 'next' || from === 'previous' ? from : 'close');
  };
  // The neighbour's own picker opens when its input takes the focus.
  const moveTo = (step: 1 | -1) => {
    const target = rowRef.current && neighbourPredictionInput(rowRef.current, step);
    setPicking(false);
    if (target) target.dataset.pickerFrom = step === 1 ? 'next' : 'previous';
    target?.focus();
  };

  return (
    <article ref={rowRef} className={pickerShown ? `${styles.row} ${styles.picking}` : styles.row} aria-label={t('game.vs', { home, away })}>
      <div className={styles.meta}>
        <span>
          <time dateTime={game.date}>{time}</time>
          {game.groupLetter && <span> · {t('game.group', { letter: game.groupLetter })}</span>}
          {game.stage !== 'Group' && game.number !== undefined && <span>{` · ${t('game.match', { number: game.number })}`}</span>}
        </span>
        <span className={styles.status[status]}>{t(`game.status.${status}`)}</span>
      </div>
      <div className={styles.match}>
        <span className={styles.home}>
          <span className={styles.homeLabel}>
            <TeamFlag team={game.homeTeam} decorative />
            <span className={styles.teamName}>{home}</span>
          </span>
        </span>
        {editable ? (
          <PredictionInput
            saved={prediction}
            label={t('game.prediction', { home, away })}
            placeholder={t('game.predictionPlaceholder')}
            onSave={onPredict}
            picker={small}
            onFocus={() => small && !givingBack.current && openPicker()}
            onClick={() => small && !picking && openPicker()}
          />
        ) : (
          <span className={styles.score} aria-label={t('game.result')}>
            {result ? formatScore(result) : '–:–'}
          </span>
        )}
        <span className={styles.away}>
          <span className={styles.awayLabel}>
            <TeamFlag team={game.awayTeam} decorative />
            <span className={styles.teamName}>{away}</span>
          </span>
        </span>
      </div>
      {!editable && (
        <span className={styles.ownPrediction}>
          {/* Before its teams are known a knockout game takes none: 'no prediction' read as forgotten. */}
          {status === 'Scheduled' && !teamsKnown(game)
            ? t('team.placeholder.predictionWaits')
            : `${t('predictionPopup.title')}: ${prediction ? formatScore(prediction) : t('game.noPrediction')}`}
        </span>
      )}
      {isDrawInKnockout && editable && <p className={styles.noDraw}>{t('game.noDraw')}</p>}
      {children}
      {/* Closed by the kickoff: the game takes no prediction any more. */}
      {pickerShown && (
        <PredictionPopup
          game={game}
          prediction={prediction}
          onChange={(score) => void onPredict(score)}
          onClose={() => setPicking(false)}
          onPrevious={neighbours.previous ? () => moveTo(-1) : undefined}
          onNext={neighbours.next ? () => moveTo(1) : undefined}
          initialFocus={picking}
          giveFocusBack={giveFocusBack}
        />
      )}
    </article>
  );
}

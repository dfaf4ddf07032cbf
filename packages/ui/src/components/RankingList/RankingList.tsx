import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isChampionPickRevealed, showsOwnRankLine, validateName } from '@scorecast/rules';
import { serverNameError } from '../../i18n/serverErrors';
import { button, fieldError, iconButton, pageTitle, textInput, visuallyHidden } from '../../styles/controls.css';
import { TeamLabel } from '../TeamFlag/TeamFlag';
import * as styles from './RankingList.css';

export type RankedPlayer = {
  login: string;
  name: string;
  rank: number;
  points: number;
  /** Team id of the champion pick; absent when none, or kept secret by the server before the start. */
  championPrediction?: string | null | undefined;
};

export type RankingListProps = {
  groupName: string;
  /** e.g. 'European Championship 2024' (see competitionTitle). */
  competitionName: string;
  players: readonly RankedPlayer[];
  ownLogin: string;
  /** Group size cap, shown against the count for the current year. */
  maxPlayers?: number | null | undefined;
  isCurrentYear: boolean;
  /** Until the competition starts others' champion picks stay hidden. */
  competitionStarted: boolean;
  /** Games being played now: the points count their current scores and may still change. */
  liveGames?: number | undefined;
  onRename: (name: string) => void;
  /** The server's verdict on the name being typed in rename (a code such as 'playerNameTaken'). */
  renameError?: string | undefined;
  /** Called while the player types a new name, for the server's live check. */
  onRenameDraftChange?: ((name: string) => void) | undefined;
};

/** The ranking of a group: position, name, points and champion pick; the own row can be renamed. */
export function RankingList({ groupName, competitionName, players, ownLogin, maxPlayers, isCurrentYear, competitionStarted, liveGames = 0, onRename, renameError, onRenameDraftChange }: RankingListProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const own = players.find((player) => player.login === ownLogin);
  const count = players.length;
  return (
    <section className={styles.block} aria-labelledby={titleId}>
      <h1 id={titleId} className={pageTitle}>
        {groupName}
      </h1>
      <p className={styles.summary}>
        {competitionName} · {isCurrentYear && maxPlayers ? t('ranking.playersOfMax', { count, max: maxPlayers }) : t('ranking.players', { count })}
      </p>
      {own && showsOwnRankLine(count, !isCurrentYear) && <p className={styles.ownRank}>{t('ranking.ownRank', { rank: own.rank, count })}</p>}
      {liveGames > 0 && (
        <p className={styles.live}>
          <span className={styles.liveMark}>{t('game.status.Live')}</span> {t('ranking.live', { count: liveGames })}
        </p>
      )}
      {/* Column names for eyes; each row reads whole to a screen reader. */}
      <div className={styles.columns} aria-hidden="true">
        <span className={styles.rank}>{t('ranking.position')}</span>
        <span className={styles.name}>{t('ranking.name')}</span>
        <span className={styles.champion}>{t('ranking.champion')}</span>
        <span className={styles.points}>{t('ranking.points')}</span>
      </div>
      <ol className={styles.list}>
        {players.map((player) => (
          <PlayerRow key={player.login} player={player} own={player.login === ownLogin} competitionStarted={competitionStarted} onRename={onRename} renameError={renameError} onDraftChange={onRenameDraftChange} />
        ))}
      </ol>
    </section>
  );
}

type PlayerRowProps = {
  player: RankedPlayer;
  own: boolean;
  competitionStarted: boolean;
  onRename: (name: string) => void;
  renameError: string | undefined;
  onDraftChange: ((name: string) => void) | undefined;
};

function PlayerRow({ player, own, competitionStarted, onRename, renameError, onDraftChange }: PlayerRowProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const [draft, setDraft] = useState<string>();
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Saved, cancelled or escaped, the form goes with the focus in it: it goes back to ✎.
  useEffect(() => {
    if (draft === undefined && wasEditing.current && (document.activeElement === document.body || !document.activeElement)) renameButton.current?.focus();
    wasEditing.current = draft !== undefined;
  }, [draft]);
  const localError = draft === undefined ? undefined : validateName(draft);
  const unchanged = draft === undefined || draft.trim() === player.name;
  const error = localError ? t(`validation.${localError}`) : !unchanged && renameError ? serverNameError(t, renameError) : undefined;
  const canSave = !unchanged && !error;
  const edit = (name: string) => {
    setDraft(name);
    onDraftChange?.(name);
  };
  const champion = isChampionPickRevealed({ own, competitionStarted }) ? player.championPrediction : undefined;

  return (
    <li className={`${styles.player} ${own ? styles.own : ''}`} aria-current={own || undefined}>
      <span className={styles.rank}>{player.rank}.</span>
      {draft === undefined ? (
        <span className={styles.name}>
          {player.name}
          {own && (
            <>
              <span className={visuallyHidden}>({t('ranking.you')})</span>
              <button ref={renameButton} type="button" className={iconButton} aria-label={t('ranking.rename')} onClick={() => edit(player.name)}>
                ✎
              </button>
            </>
          )}
        </span>
      ) : (
        <form
          className={styles.renameForm}
          onSubmit={(event) => {
            event.preventDefault();
            if (!canSave) return;
            onRename(draft.trim());
            setDraft(undefined);
          }}
        >
          <input
            className={`${textInput} ${styles.renameInput}`}
            aria-label={t('ranking.renameLabel')}
            value={draft}
            aria-invalid={!!error}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => edit(event.target.value)}
            autoFocus
            onKeyDown={(event) => event.key === 'Escape' && setDraft(undefined)}
          />
          <button type="submit" className={button.primary} disabled={!canSave}>
            {t('ranking.save')}
          </button>
          <button type="button" className={button.secondary} onClick={() => setDraft(undefined)}>
            {t('ranking.cancel')}
          </button>
          {error && (
            <p id={errorId} className={`${fieldError} ${styles.renameError}`}>
              {error}
            </p>
          )}
        </form>
      )}
      {draft === undefined && <span className={styles.points}>{t('ranking.pointsUnit', { count: player.points })}</span>}
      {draft === undefined && (
        <span className={styles.champion}>
          {champion ? <TeamLabel team={champion} /> : t(!own && !competitionStarted ? 'champion.hidden' : 'champion.noPrediction')}
        </span>
      )}
    </li>
  );
}

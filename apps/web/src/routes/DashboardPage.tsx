import { memo, startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { useSearch } from '@tanstack/react-router';
import { isApiError, isResponseValidationError, type Game, type Group, type Player, type Score, type ScoredPrediction } from '@scorecast/api-client';
import { currentGame, firstKickoff, hasRoom, hasStarted, isCompetitionFinished, isCompetitionStarted, rankHistory, rankTrend, sortGames, teamsKnown, yearOf } from '@scorecast/rules';
import { ChampionPicker, CorrectionNote, Countdown, GameDate, GameRow, HiddenHeading, Hint, InviteHint, PredictionList, StageHeading } from '@scorecast/ui';
import { useTranslation } from 'react-i18next';
import { api } from '../api';
import { predictionTimeKey, usePredictionTimes } from './changes/predictionTimes';
import { GamePickShares } from './race/GamePickShares';
import { GameWhatIf } from './race/GameWhatIf';
import { useCloseOnBack } from './closeOnBack';
import { OwnRaceLine } from './race/OwnRaceLine';
import { playersOfGroup } from '../state/race';
import { useServerNow } from '../state/clock';
import { notify, pickerOpenAtom } from '../state/notice.atoms';
import { saveInTurn } from '../state/savesInTurn';
import { gamesAtom, groupsAtom, loadSession, selectedGroupAtom, settingsAtom, userAtom } from '../state/session.atoms';

const dayOf = (date: string) => new Date(date).toDateString();

/** The own prediction is the same in every group: saving it updates every group the player is in (none: removed). */
function withOwnPrediction(groups: Group[], login: string, gameId: number, score: Score | undefined): Group[] {
  return groups.map((group) => ({
    ...group,
    players: group.players.map((player) =>
      player.login !== login ? player : { ...player, predictions: [...player.predictions.filter((each) => each.gameId !== gameId), ...(score ? [{ gameId, ...score }] : [])] },
    ),
  }));
}

/** The own prediction of a game as the groups hold it. */
function ownPrediction(groups: Group[], login: string, gameId: number): Score | undefined {
  const prediction = groups.flatMap((group) => group.players).find((player) => player.login === login)?.predictions.find((each) => each.gameId === gameId);
  return prediction && { homeGoals: prediction.homeGoals, awayGoals: prediction.awayGoals };
}

function TickingCountdown({ firstKickoff }: { firstKickoff: string | Date | number }) {
  return <Countdown firstKickoff={firstKickoff} now={useServerNow(1000)} />;
}

/** No game row is lower than this: rows of this height past the one the page opens at fill its first screen. */
const LOWEST_ROW_PX = 100;
/** Rows added per later slice: each slice is a short task, so the page answers taps while the rest follows. */
const ROWS_PER_SLICE = 4;

/**
 * How many of `total` rows to show: the first `first` at once, the rest in slices after the first
 * paint, below what the player sees, so opening a hundred-game schedule is no long task.
 */
function useRowsShown(first: number, total: number): number {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => startTransition(() => setShown((rows) => rows + ROWS_PER_SLICE)));
    return () => clearTimeout(timer);
  }, [shown, total]);
  return Math.min(shown, total);
}

/** The schedule: countdown, champion pick, games by date with stage headings, predictions. */
export function DashboardPage() {
  const { t } = useTranslation();
  const store = useStore();
  const settings = useAtomValue(settingsAtom);
  const user = useAtomValue(userAtom);
  const allGames = useAtomValue(gamesAtom);
  const group = useAtomValue(selectedGroupAtom);
  const year = settings?.year ?? 0;
  const games = useMemo(() => sortGames(allGames.filter((game) => yearOf(game) === year)), [allGames, year]);
  const teams = useMemo(() => [...new Set(games.filter((game) => game.stage === 'Group').flatMap((game) => [game.homeTeam, game.awayTeam]))].sort(), [games]);
  const kickoff = firstKickoff(games);
  const started = isCompetitionStarted(games);
  // The schedule changes at kickoffs only: it re-renders then (and twice a minute for the clock),
  // while the countdown alone ticks every second.
  const now = useServerNow(30_000, (at) => games.map((game) => Date.parse(game.date)).find((kickoff) => kickoff > at));
  const [showAll, setShowAll] = useState(false);
  const toggleShowAll = useCallback(() => setShowAll((on) => !on), []);
  const login = user?.login ?? '';
  const own = group?.players.find((player) => player.login === login);
  const finished = isCompetitionFinished(games);
  // Before the tournament the group is still growing; once it runs, only a group of one or two is
  // nudged; once it is over, nobody (nothing is left to predict).
  const invites = group !== undefined && group.competitionYear === year && hasRoom(group.players.length, group.maxPlayers) && (!started || group.players.length <= 2) && !finished;
  const current = currentGame(games);
  const predictionTimes = usePredictionTimes(group?.id, games.filter(hasStarted).length);
  const rankSteps = useMemo(() => rankStepsByGame(group, games), [group, games]);
  const { game: linkedGame } = useSearch({ strict: false });
  // A reminder's link names its game; else the game under way or next, once the tournament runs.
  const targetId = linkedGame ?? (started && !finished && current ? current.id : undefined);
  const [firstRows] = useState(() => games.findIndex((game) => game.id === targetId) + 1 + Math.ceil(window.innerHeight / LOWEST_ROW_PX));

  // Scrolled before the first paint, or the top of the schedule shows for a moment: in a layout
  // effect, and after the frame's own scroll to the top (Root's layout effect, which runs after its
  // pages' own).
  useLayoutEffect(() => {
    queueMicrotask(() => {
      const target = targetId === undefined ? null : document.getElementById(`game-${targetId}`);
      if (target) target.scrollIntoView({ block: 'start' });
      else window.scrollTo(0, 0);
    });
    // Only on opening the page: live updates must not jump the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const closeOnBack = useCloseOnBack();
  const pickerChange = useCallback(
    (close: (() => void) | undefined) => {
      closeOnBack(close);
      store.set(pickerOpenAtom, close !== undefined);
    },
    [closeOnBack, store],
  );

  const predict = useCallback(
    async (game: Game, score: Score): Promise<boolean> => {
      const shown = ownPrediction(store.get(groupsAtom), login, game.id);
      // Shown at once: a tap on a phone answers before the server does.
      store.set(groupsAtom, withOwnPrediction(store.get(groupsAtom), login, game.id, score));
      const outcome = await saveInTurn(`game ${game.id}`, score, shown, (each) => api.savePrediction({ gameId: game.id }, each));
      if (outcome.saved) return true;
      if (outcome.showAgain) store.set(groupsAtom, withOwnPrediction(store.get(groupsAtom), login, game.id, outcome.showAgain.value));
      // Kicked off meanwhile: said so, and the schedule read again, so the game shows as started.
      const closed = isApiError(outcome.error) && outcome.error.body?.error === 'predictionClosed';
      // No answer at all (offline): said as that, not as a refusal.
      const unanswered = !isApiError(outcome.error) && !isResponseValidationError(outcome.error);
      notify(store, { kind: 'error', key: closed ? 'message.predictionClosed' : unanswered ? 'message.predictionNotSavedOffline' : 'message.failedToSavePrediction' });
      if (closed) void loadSession(store);
      return false;
    },
    [store, login],
  );
  const showPick = (team: string | undefined) => {
    const current = store.get(userAtom);
    if (current) store.set(userAtom, { ...current, championPredictions: [...current.championPredictions.filter((each) => each.year !== year), ...(team ? [{ year, team }] : [])] });
  };
  // Shown at once and saved in turn: arrow keys through the list sent a pick a key, answered in any order.
  const pickChampion = async (team: string) => {
    const shown = store.get(userAtom)?.championPredictions.find((each) => each.year === year)?.team;
    showPick(team);
    const outcome = await saveInTurn(`champion ${year}`, team, shown, (each) => api.saveChampion({ team: each, year }));
    if (outcome.saved) return;
    if (outcome.showAgain) showPick(outcome.showAgain.value);
    const closed = isApiError(outcome.error) && outcome.error.body?.error === 'competitionStarted';
    notify(store, { kind: 'error', key: closed ? 'message.championClosed' : 'message.failedToSavePrediction' });
    if (closed) void loadSession(store);
  };

  // The schedule shows no title of its own: screen readers still get one to find the page by.
  const heading = <HiddenHeading>{t('menu.schedule')}</HiddenHeading>;
  if (games.length === 0)
    return (
      <>
        {heading}
        <Hint kind="scheduleNotReleased" />
      </>
    );

  return (
    <>
      {heading}
      {kickoff && !started && <TickingCountdown firstKickoff={kickoff} />}
      {!group && <Hint kind="noGroup" />}
      {group && (
        <>
          <ChampionPicker
            teams={teams}
            pick={user?.championPredictions.find((each) => each.year === year)?.team}
            games={games}
            now={now}
            winnerPoints={group.pointConfiguration.winnerPoints}
            onPick={(team) => void pickChampion(team)}
          />
          {invites && <InviteHint playerCount={group.players.length} maxPlayers={group.maxPlayers} />}
          {started && <OwnRaceLine group={group} games={games} ownLogin={login} />}
          <Schedule
            firstRows={firstRows}
            games={games}
            group={group}
            login={login}
            own={own}
            now={now}
            finished={finished}
            currentId={current?.id}
            showAll={showAll}
            predictionTimes={predictionTimes}
            rankSteps={rankSteps}
            onPredict={predict}
            onToggleShowAll={toggleShowAll}
            onPickerChange={pickerChange}
          />
        </>
      )}
    </>
  );
}

type ScheduleProps = {
  firstRows: number;
  games: readonly Game[];
  group: Group;
  login: string;
  own: Player | undefined;
  now: number;
  finished: boolean;
  currentId: number | undefined;
  showAll: boolean;
  predictionTimes: ReadonlyMap<string, string>;
  rankSteps: RankSteps;
  onPredict: (game: Game, score: Score) => Promise<boolean>;
  onToggleShowAll: () => void;
  onPickerChange: (close: (() => void) | undefined) => void;
};

/** The games by date with stage headings; a slice of rows added later renders this part alone. */
function Schedule({ firstRows, games, own, currentId, ...shared }: ScheduleProps) {
  const rows = useRowsShown(firstRows, games.length);
  return (
    <>
      {games.slice(0, rows).map((game, index) => {
        const previous = games[index - 1];
        return (
          <ScheduleEntry
            key={game.id}
            {...shared}
            game={game}
            games={games}
            prediction={own?.predictions.find((each) => each.gameId === game.id)}
            newStage={previous?.stage !== game.stage}
            newDay={!previous || dayOf(previous.date) !== dayOf(game.date)}
            isCurrentGame={currentId === game.id}
          />
        );
      })}
      {rows === games.length && !games.some((game) => game.stage === 'Final') && <Hint kind="moreGamesFollow" />}
    </>
  );
}

type ScheduleEntryProps = {
  game: Game;
  games: readonly Game[];
  group: Group;
  login: string;
  prediction: ScoredPrediction | undefined;
  now: number;
  /** The first game of its stage carries the stage's heading, the first of its day the date. */
  newStage: boolean;
  newDay: boolean;
  finished: boolean;
  isCurrentGame: boolean;
  showAll: boolean;
  predictionTimes: ReadonlyMap<string, string>;
  rankSteps: RankSteps;
  onPredict: (game: Game, score: Score) => Promise<boolean>;
  onToggleShowAll: () => void;
  onPickerChange: (close: (() => void) | undefined) => void;
};

/** One game of the schedule with its headings; it renders again only when something of its own changes. */
const ScheduleEntry = memo(function ScheduleEntry({ game, games, group, login, prediction, now, newStage, newDay, finished, isCurrentGame, showAll, predictionTimes, rankSteps, onPredict, onToggleShowAll, onPickerChange }: ScheduleEntryProps) {
  return (
    // The game's headings go with it: a scroll to the game (a reminder's link, the game under way) shows them.
    <div id={`game-${game.id}`}>
      {newStage && <StageHeading stage={game.stage} points={finished ? undefined : group.pointConfiguration} />}
      {(newDay || newStage) && <GameDate date={game.date} />}
      <GameRow game={game} prediction={prediction && { homeGoals: prediction.homeGoals, awayGoals: prediction.awayGoals }} now={now} onPredict={(score) => onPredict(game, score)} onPickerChange={onPickerChange}>
        {(hasStarted(game) || Date.parse(game.date) <= now) && (
          <PredictionList
            predictions={group.players.map((player) => {
              const scored = player.predictions.find((each) => each.gameId === game.id);
              // Every player's rank after this game and before it, predicted or not; before the first game everyone is level at 1.
              const step = rankSteps.get(game.id);
              const after = step?.after[player.login];
              return {
                login: player.login,
                name: player.name,
                rank: after ?? player.rank,
                rankTrend: after === undefined ? 'same' : rankTrend({ after, before: step?.before?.[player.login] ?? 1 }),
                prediction: scored,
                changedAt: predictionTimes.get(predictionTimeKey(game.id, player.login)),
              };
            })}
            ownLogin={login}
            playerCount={group.players.length}
            isCurrentGame={isCurrentGame}
            showAll={showAll}
            onToggleShowAll={onToggleShowAll}
          />
        )}
        {game.correction && <CorrectionNote correction={game.correction} />}
        <GamePickShares game={game} group={group} />
        {game.status !== 'Finished' && teamsKnown(game) && <GameWhatIf game={game} games={games} group={group} ownLogin={login} />}
      </GameRow>
    </div>
  );
});

/** Each started game's ranks by login, after it and (from the second game on) before it. */
type RankSteps = ReadonlyMap<number, { after: Record<string, number>; before?: Record<string, number> }>;

function rankStepsByGame(group: Group | undefined, games: readonly Game[]): RankSteps {
  if (!group) return new Map();
  const history = rankHistory(playersOfGroup(group), games, group.pointConfiguration);
  return new Map(history.map((step, index) => [step.gameId, { after: step.ranks, ...(index > 0 ? { before: history[index - 1]!.ranks } : {}) }]));
}

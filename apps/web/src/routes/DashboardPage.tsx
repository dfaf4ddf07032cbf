import { Fragment, useEffect, useMemo, useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { useSearch } from '@tanstack/react-router';
import type { Game, Group, Score } from '@scorecast/api-client';
import { currentGame, firstKickoff, hasStarted, isCompetitionFinished, isCompetitionStarted, rankTrend, sortGames, yearOf } from '@scorecast/rules';
import { ChampionPicker, CorrectionNote, Countdown, GameDate, GameRow, Hint, PredictionList, StageHeading } from '@scorecast/ui';
import { api } from '../api';
import { predictionTimeKey, usePredictionTimes } from './changes/predictionTimes';
import { GamePickShares } from './race/GamePickShares';
import { GameWhatIf } from './race/GameWhatIf';
import { OwnRaceLine } from './race/OwnRaceLine';
import { useServerNow } from '../state/clock';
import { notify } from '../state/notice.atoms';
import { gamesAtom, groupsAtom, selectedGroupAtom, settingsAtom, userAtom } from '../state/session.atoms';

const dayOf = (date: string) => new Date(date).toDateString();

/** The own prediction is the same in every group: saving it updates every group the player is in. */
function withOwnPrediction(groups: Group[], login: string, gameId: number, score: Score): Group[] {
  return groups.map((group) => ({
    ...group,
    players: group.players.map((player) =>
      player.login !== login ? player : { ...player, predictions: [...player.predictions.filter((each) => each.gameId !== gameId), { gameId, ...score }] },
    ),
  }));
}

function TickingCountdown({ firstKickoff }: { firstKickoff: string | Date | number }) {
  return <Countdown firstKickoff={firstKickoff} now={useServerNow(1000)} />;
}

/** The schedule: countdown, champion pick, games by date with stage headings, predictions. */
export function DashboardPage() {
  const store = useStore();
  const settings = useAtomValue(settingsAtom);
  const user = useAtomValue(userAtom);
  const allGames = useAtomValue(gamesAtom);
  const group = useAtomValue(selectedGroupAtom);
  const year = settings?.year ?? 0;
  const games = useMemo(() => sortGames(allGames.filter((game) => yearOf(game) === year)), [allGames, year]);
  const kickoff = firstKickoff(games);
  const started = isCompetitionStarted(games);
  // The schedule changes at kickoffs only: it re-renders then (and twice a minute for the clock),
  // while the countdown alone ticks every second.
  const now = useServerNow(30_000, (at) => games.map((game) => Date.parse(game.date)).find((kickoff) => kickoff > at));
  const [showAll, setShowAll] = useState(false);
  const login = user?.login ?? '';
  const own = group?.players.find((player) => player.login === login);
  const finished = isCompetitionFinished(games);
  const current = currentGame(games);
  const predictionTimes = usePredictionTimes(group?.id, games.filter(hasStarted).length);
  const { game: linkedGame } = useSearch({ strict: false });

  useEffect(() => {
    // A reminder's link names its game; else the game under way or next, once the tournament runs.
    const targetId = linkedGame ?? (started && !finished && current ? current.id : undefined);
    const target = targetId === undefined ? null : document.getElementById(`game-${targetId}`);
    if (target) target.scrollIntoView({ block: 'start' });
    else window.scrollTo(0, 0);
    // Only on opening the page: live updates must not jump the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const predict = async (game: Game, score: Score): Promise<boolean> => {
    try {
      await api.savePrediction({ gameId: game.id }, score);
      store.set(groupsAtom, withOwnPrediction(store.get(groupsAtom), login, game.id, score));
      return true;
    } catch {
      notify(store, { kind: 'error', key: 'message.failedToSavePrediction' });
      return false;
    }
  };
  const pickChampion = async (team: string) => {
    try {
      await api.saveChampion({ team, year });
      if (user) store.set(userAtom, { ...user, championPredictions: [...user.championPredictions.filter((each) => each.year !== year), { year, team }] });
    } catch {
      notify(store, { kind: 'error', key: 'message.failedToSavePrediction' });
    }
  };

  if (games.length === 0) return <Hint kind="scheduleNotReleased" />;
  const teams = [...new Set(games.filter((game) => game.stage === 'Group').flatMap((game) => [game.homeTeam, game.awayTeam]))].sort();
  const seenStages = new Set<string>();

  return (
    <>
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
          {started && <OwnRaceLine group={group} games={games} ownLogin={login} />}
          {games.map((game, index) => {
            const newDay = index === 0 || dayOf(games[index - 1]!.date) !== dayOf(game.date);
            const newStage = !seenStages.has(game.stage);
            seenStages.add(game.stage);
            const prediction = own?.predictions.find((each) => each.gameId === game.id);
            return (
              <Fragment key={game.id}>
                {newStage && <StageHeading stage={game.stage} points={finished ? undefined : group.pointConfiguration} />}
                {(newDay || newStage) && <GameDate date={game.date} />}
                <div id={`game-${game.id}`}>
                  <GameRow game={game} prediction={prediction && { homeGoals: prediction.homeGoals, awayGoals: prediction.awayGoals }} now={now} onPredict={(score) => predict(game, score)}>
                    {(hasStarted(game) || Date.parse(game.date) <= now) && (
                      <PredictionList
                        predictions={group.players.map((player) => {
                          const scored = player.predictions.find((each) => each.gameId === game.id);
                          return {
                            login: player.login,
                            name: player.name,
                            rank: scored?.rank ?? player.rank,
                            // Before the first counted game everyone is level at rank 1.
                            rankTrend: scored?.rank ? rankTrend({ after: scored.rank, before: scored.previousRank ?? 1 }) : 'same',
                            prediction: scored,
                            changedAt: predictionTimes.get(predictionTimeKey(game.id, player.login)),
                          };
                        })}
                        ownLogin={login}
                        playerCount={group.players.length}
                        isCurrentGame={current?.id === game.id}
                        showAll={showAll}
                        onToggleShowAll={() => setShowAll((on) => !on)}
                      />
                    )}
                    {game.correction && <CorrectionNote correction={game.correction} />}
                    <GamePickShares game={game} group={group} />
                    {game.status !== 'Finished' && <GameWhatIf game={game} games={games} group={group} ownLogin={login} />}
                  </GameRow>
                </div>
              </Fragment>
            );
          })}
          {!games.some((game) => game.stage === 'Final') && <Hint kind="moreGamesFollow" />}
        </>
      )}
    </>
  );
}

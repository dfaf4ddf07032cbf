import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  accuracyOf,
  currentGame,
  defaultPointConfiguration,
  firstKickoff,
  hasStarted,
  isCompetitionFinished,
  isCompetitionStarted,
  pointsFor,
  rankPlayers,
  sortGames,
  upgradeOptions,
  type Game,
  type PointConfiguration,
} from '@scorecast/rules';
import { fn } from 'storybook/test';
import { AppShell, type GroupSummary } from '../components/AppShell/AppShell';
import { ChampionPicker } from '../components/ChampionPicker/ChampionPicker';
import { Countdown } from '../components/Countdown/Countdown';
import { EnlargeGroup } from '../components/EnlargeGroup/EnlargeGroup';
import { GameRow } from '../components/GameRow/GameRow';
import { GroupActions } from '../components/GroupActions/GroupActions';
import { Hint } from '../components/Hint/Hint';
import { InviteHint } from '../components/Hint/InviteHint';
import { InviteBlock } from '../components/InviteBlock/InviteBlock';
import { PredictionList, type PredictionOfPlayer } from '../components/PredictionList/PredictionList';
import { RankingList, type RankedPlayer } from '../components/RankingList/RankingList';
import { GameDate, StageHeading } from '../components/StageHeading/StageHeading';

// Realistic data for the screens of the catalogue, composed the way apps/web lays each route out
// (apps/web/src/routes): the screens are the kit's own components, only the data is made up here.

export const CURRENT_YEAR = 2024;
export const origin = 'https://scorecast.example';

export const groups: GroupSummary[] = [
  { id: '6f1c2a9e4b7d4e0f9a3b5c7d1e2f4a6b', name: 'Bolzplatz Legends', competitionYear: 2024 },
  { id: '0b8e3d5c7a9f4e1d2c3b4a5f6e7d8c9b', name: 'Office Pool', competitionYear: 2024 },
  { id: '9a7c5e3b1d2f4a6c8e0b9d7f5a3c1e2d', name: 'Winter World Cup', competitionYear: 2022 },
];
export const selectedGroup = groups[0]!;

const firstNames = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', 'Hannes', 'Ida', 'Jonas', 'Klara', 'Luca', 'Mia', 'Noah', 'Olivia', 'Paul', 'Quentin', 'Rosa', 'Samuel', 'Tessa', 'Umut', 'Vera', 'Willi', 'Xenia', 'Yusuf', 'Zoe', 'Aylin', 'Bruno', 'Chiara', 'Dario', 'Elif', 'Frieda', 'Gustav', 'Hanna', 'Ilias'];
/** The longest names the rules allow (24 characters), for the overflow checks at 390 px. */
export const longPlayerName = 'Maximiliane Oberhuber-K';
export const longGroupName = 'Stammtisch Süd Bolzplatz';
/** 24 of the widest letter without a space: nowhere to wrap between words. */
export const unbrokenName = 'M'.repeat(24);

export type Player = { login: string; name: string };
/** Long names for the overflow checks: a few of 24 characters with spaces, or the viewer's of 24 without. */
export type LongNames = boolean | 'unbroken';

/** A group of `count` players; the first is the viewer (Anna), `longNames` gives a few 24-character names. */
export function playersOf(count: number, { longNames = false }: { longNames?: LongNames } = {}): Player[] {
  return firstNames.slice(0, count).map((name, index) => ({
    login: `${name.toLowerCase()}@example.com`,
    name: longNames === 'unbroken' && index === 0 ? unbrokenName : longNames && index % 3 === 1 ? `${longPlayerName.slice(0, 24 - String(index).length)}${index}` : name,
  }));
}
export const ownLogin = 'anna@example.com';

export const points: PointConfiguration = defaultPointConfiguration(CURRENT_YEAR);

/** Euro 2024 in three moments: before kickoff, on the second matchday, after the final. */
const opening: Game = { id: 1, stage: 'Group', status: 'Scheduled', date: '2024-06-14T19:00:00Z', homeTeam: 'de', awayTeam: 'gb-sct' };
const secondDay: Game[] = [
  { id: 2, stage: 'Group', status: 'Scheduled', date: '2024-06-15T13:00:00Z', homeTeam: 'hu', awayTeam: 'ch' },
  { id: 3, stage: 'Group', status: 'Scheduled', date: '2024-06-15T16:00:00Z', homeTeam: 'es', awayTeam: 'hr' },
  { id: 4, stage: 'Group', status: 'Scheduled', date: '2024-06-15T19:00:00Z', homeTeam: 'it', awayTeam: 'al' },
];
export const beforeKickoff = { now: '2024-06-12T09:30:00Z', games: [opening, ...secondDay] };
export const liveGameDay = {
  now: '2024-06-15T14:05:00Z',
  games: [
    { ...opening, status: 'Finished', homeGoals: 5, awayGoals: 1 },
    { ...secondDay[0]!, status: 'Live', homeGoals: 0, awayGoals: 2 },
    secondDay[1]!,
    secondDay[2]!,
  ] satisfies Game[],
};
export const tournamentFinished = {
  now: '2024-07-15T10:00:00Z',
  games: [
    { ...opening, status: 'Finished', homeGoals: 5, awayGoals: 1 },
    { id: 50, stage: 'SemiFinal', status: 'Finished', date: '2024-07-10T19:00:00Z', homeTeam: 'nl', awayTeam: 'gb-eng', homeGoals: 1, awayGoals: 2 },
    { id: 51, stage: 'Final', status: 'Finished', date: '2024-07-14T19:00:00Z', homeTeam: 'es', awayTeam: 'gb-eng', homeGoals: 2, awayGoals: 1 },
  ] satisfies Game[],
};
/** World Cup 2026 with the longest German team name ('Bosnien und Herzegowina'), for the phone. */
export const longTeamNames = {
  now: '2026-06-12T09:00:00Z',
  games: [
    { id: 101, stage: 'Group', status: 'Finished', date: '2026-06-11T19:00:00Z', homeTeam: 'ba', awayTeam: 'cd', homeGoals: 2, awayGoals: 2 },
    { id: 102, stage: 'Group', status: 'Scheduled', date: '2026-06-12T19:00:00Z', homeTeam: 'ci', awayTeam: 'ba' },
  ] satisfies Game[],
};

const guesses = [[5, 1], [2, 0], [3, 1], [1, 1], [2, 1], [4, 0], [0, 1], [3, 0], [2, 2], [1, 0], [6, 0]] as const;
const trends = ['up', 'same', 'down'] as const;

/** Everyone's prediction for a started game, scored by the rules the way the server sends them. */
function predictionsOf(game: Game, players: Player[]): PredictionOfPlayer[] {
  const result = game.homeGoals != null && game.awayGoals != null ? { homeGoals: game.homeGoals, awayGoals: game.awayGoals } : undefined;
  return players.map((player, index) => {
    const [homeGoals, awayGoals] = guesses[index % guesses.length]!;
    const accuracy = result && accuracyOf({ homeGoals, awayGoals }, result);
    return {
      ...player,
      rank: index + 1,
      rankTrend: trends[index % 3]!,
      prediction: { gameId: game.id, homeGoals, awayGoals, accuracy, points: accuracy && pointsFor(accuracy, game.stage, points) },
    };
  });
}

const dayOf = (date: string) => new Date(date).toDateString();

/** The frame every signed-in route shares: header with the group selector, footer menu. */
export function SignedIn({ path, children, groupsShown = groups, selectedGroupId = selectedGroup.id, year = CURRENT_YEAR }: { path: string; children: ReactNode; groupsShown?: GroupSummary[]; selectedGroupId?: string | undefined; year?: number }) {
  return (
    <AppShell groups={groupsShown} selectedGroupId={selectedGroupId} currentYear={year} currentPath={path} onSelectGroup={fn()}>
      {children}
    </AppShell>
  );
}

export type DashboardProps = {
  now: string;
  games: Game[];
  /** Players in the selected group; 0: no group selected. */
  playerCount: number;
  /** A few players with 24-character names. */
  longNames?: LongNames;
  showAll?: boolean;
  smallScreen?: boolean | undefined;
};

/** The schedule (/), laid out as apps/web's DashboardPage does. */
export function DashboardScreen({ now, games, playerCount, longNames = false, showAll: initiallyAll = false, smallScreen }: DashboardProps) {
  const players = playerCount > 0 ? playersOf(playerCount, { longNames }) : undefined;
  const [showAll, setShowAll] = useState(initiallyAll);
  const sorted = sortGames(games);
  const kickoff = firstKickoff(sorted);
  const started = isCompetitionStarted(sorted);
  const finished = isCompetitionFinished(sorted);
  const current = currentGame(sorted);
  const seen = new Set<string>();
  if (sorted.length === 0) return <Hint kind="scheduleNotReleased" />;
  return (
    <>
      {kickoff && !started && <Countdown firstKickoff={kickoff} now={now} />}
      {!players && <Hint kind="noGroup" />}
      {players && (
        <>
          <ChampionPicker teams={['de', 'es', 'fr', 'gb-eng', 'it', 'nl', 'pt']} pick="es" games={sorted} now={now} winnerPoints={points.winnerPoints} onPick={fn()} />
          {(!started || players.length <= 2) && <InviteHint playerCount={players.length} maxPlayers={20} />}
          {sorted.map((game, index) => {
            const newDay = index === 0 || dayOf(sorted[index - 1]!.date) !== dayOf(game.date);
            const newStage = !seen.has(game.stage);
            seen.add(game.stage);
            const own = guesses[game.id % guesses.length]!;
            return (
              <Fragment key={game.id}>
                {newStage && <StageHeading stage={game.stage} points={finished ? undefined : points} />}
                {(newDay || newStage) && <GameDate date={game.date} />}
                <GameRow game={game} prediction={game.id === 4 ? undefined : { homeGoals: own[0], awayGoals: own[1] }} now={now} onPredict={fn()} smallScreen={smallScreen}>
                  {(hasStarted(game) || Date.parse(game.date) <= Date.parse(now)) && (
                    <PredictionList
                      predictions={predictionsOf(game, players)}
                      ownLogin={ownLogin}
                      playerCount={players.length}
                      isCurrentGame={current?.id === game.id}
                      showAll={showAll}
                      onToggleShowAll={() => setShowAll((on) => !on)}
                    />
                  )}
                </GameRow>
              </Fragment>
            );
          })}
          {!sorted.some((game) => game.stage === 'Final') && <Hint kind="moreGamesFollow" />}
        </>
      )}
    </>
  );
}

const championPicks = ['es', 'de', 'gb-eng', 'fr', null, 'pt', 'nl', 'es', 'it', 'gb-sct'];
const pointsByPosition = [67, 52, 52, 48, 40, 33, 31, 31, 20, 12];

/** The group's standings as the server ranks them (ties share a rank); Anna, the viewer, is third. */
export function standingsOf(players: Player[], { started = true } = {}): RankedPlayer[] {
  const withViewerThird = players.length > 2 ? [players[1]!, players[2]!, players[0]!, ...players.slice(3)] : players;
  return rankPlayers(
    withViewerThird.map((player, index) => ({
      ...player,
      points: started ? pointsByPosition[index % 10]! - Math.floor(index / 10) : 0,
      championPrediction: championPicks[index % championPicks.length],
    })),
  );
}

export type RankingProps = {
  playerCount: number;
  longNames?: LongNames;
  isCreator: boolean;
  maxPlayers?: number | null;
  year?: number;
  started?: boolean;
  groupName?: string;
};

/** The ranking (/ranking) with its action blocks, as apps/web's RankingPage lays it out. */
export function RankingScreen({ playerCount, longNames = false, isCreator, maxPlayers = 20, year = CURRENT_YEAR, started = true, groupName = selectedGroup.name }: RankingProps) {
  const { t } = useTranslation();
  const players = playersOf(playerCount, { longNames });
  const isCurrentYear = year === CURRENT_YEAR;
  const competitionName = t(year === 2022 ? 'app.competition.WorldCup' : 'app.competition.EuropeanChampionship', { year });
  return (
    <>
      <RankingList
        groupName={groupName}
        competitionName={competitionName}
        players={standingsOf(players, { started })}
        ownLogin={ownLogin}
        maxPlayers={maxPlayers}
        isCurrentYear={isCurrentYear}
        competitionStarted={started}
        onRename={fn()}
      />
      {isCurrentYear && (
        <>
          <InviteBlock groupId={selectedGroup.id} groupName={groupName} competitionName={competitionName} playerCount={players.length} maxPlayers={maxPlayers} origin={origin} />
          {isCreator && maxPlayers != null && <EnlargeGroup maxPlayers={maxPlayers} options={upgradeOptions(maxPlayers).map((option) => ({ ...option, currency: 'EUR' }))} onBuy={fn()} />}
          <GroupActions groupId={selectedGroup.id} isCreator={isCreator} hasOwnGroup={isCreator} onDelete={fn()} onLeave={fn()} />
        </>
      )}
    </>
  );
}

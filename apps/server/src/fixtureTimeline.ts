import { countedScore, isPlaceholderTeam } from '@scorecast/rules';
import type { GameChange } from './db/games.js';
import type { Fixture } from './fixtures.js';

const MINUTE = 60_000;

type FixtureGame = Fixture['games'][number];
type Side = 'home' | 'away';

/** One moment of a tournament: at a server-clock instant, a game (by fixture number) changes. */
export type TimelineStep = { at: number; number: number; change: GameChange };

/**
 * When a minute of play happens on the clock: 15 minutes of half-time after the 45th, 5 minutes
 * before extra time. Stoppage time is folded into the minute its period ended, as in the fixtures.
 */
export function instantOfMinute(kickoff: number, minute: number): number {
  const breaks = minute > 90 ? 20 : minute > 45 ? 15 : 0;
  return kickoff + (minute + breaks) * MINUTE;
}

/** When a game with a result ends on the clock (after a shoot-out when there was one); never without a result. */
export function endOfGame(game: FixtureGame): number {
  const result = game.result;
  if (!result) return Number.POSITIVE_INFINITY;
  return instantOfMinute(Date.parse(game.date), result.extraTime ? 120 : 90) + (result.penalties ? 15 : 3) * MINUTE;
}

/**
 * Everything a game's score goes through: Live 0:0 at kickoff, each goal at its minute (or, without
 * a goal list, the score after 90 and after 120 minutes), Finished with the counted score at the end.
 */
export function scoreStepsOfGame(game: FixtureGame): TimelineStep[] {
  const kickoff = Date.parse(game.date);
  const result = game.result;
  const steps: TimelineStep[] = [{ at: kickoff, number: game.number, change: { status: 'Live', homeGoals: 0, awayGoals: 0 } }];
  if (!result) return steps;
  const score = { homeGoals: 0, awayGoals: 0 };
  if (game.goals) {
    for (const goal of game.goals) {
      if (goal.minute > 90 && !result.extraTime) continue;
      if (goal.side === 'home') score.homeGoals += 1;
      else score.awayGoals += 1;
      steps.push({ at: instantOfMinute(kickoff, Math.max(1, goal.minute)), number: game.number, change: { ...score } });
    }
  } else {
    steps.push({ at: instantOfMinute(kickoff, 90), number: game.number, change: { ...result.fullTime } });
    if (result.extraTime) steps.push({ at: instantOfMinute(kickoff, 120), number: game.number, change: { ...result.extraTime } });
  }
  steps.push({ at: endOfGame(game), number: game.number, change: { status: 'Finished', ...countedScore(result) } });
  return steps;
}

function teamOf(game: FixtureGame, side: Side): string {
  return side === 'home' ? game.homeTeam : game.awayTeam;
}

/** The game a knockout team came from: its last game before this one. */
function feedingGameOf(fixture: Fixture, game: FixtureGame, team: string): FixtureGame | undefined {
  const kickoff = Date.parse(game.date);
  return fixture.games
    .filter((other) => Date.parse(other.date) < kickoff && (other.homeTeam === team || other.awayTeam === team))
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date))
    .at(-1);
}

/** When the file's result of a game was decided; a game the file has no result for decided nothing. */
function decidedAt(game: FixtureGame): number {
  return game.result ? endOfGame(game) : Number.NEGATIVE_INFINITY;
}

/**
 * When a knockout team becomes known: when the knockout game it came from ends, or, for a team
 * from the group stage, when the whole group stage ends (third-placed teams wait for every group,
 * and knowing the others a few days early would only matter on the days between). A team the
 * file names without the result that decided it is taken as the file has it.
 */
export function teamKnownAt(fixture: Fixture, game: FixtureGame, side: Side): number {
  const team = teamOf(game, side);
  if (game.stage === 'Group') return Number.NEGATIVE_INFINITY;
  if (isPlaceholderTeam(team)) return Number.POSITIVE_INFINITY;
  const feeding = feedingGameOf(fixture, game, team);
  if (!feeding) return Number.NEGATIVE_INFINITY;
  if (feeding.stage !== 'Group') return decidedAt(feeding);
  return Math.max(...fixture.games.filter((other) => other.stage === 'Group').map(decidedAt));
}

/** Group standings by points, goal difference and goals scored (enough for a label; no head-to-head). */
function groupPositionOf(fixture: Fixture, group: string, team: string): number {
  const table = new Map<string, { points: number; difference: number; scored: number }>();
  for (const game of fixture.games) {
    if (game.stage !== 'Group' || game.group !== group || !game.result) continue;
    const { homeGoals, awayGoals } = game.result.fullTime;
    for (const [id, scored, conceded] of [[game.homeTeam, homeGoals, awayGoals], [game.awayTeam, awayGoals, homeGoals]] as const) {
      const row = table.get(id) ?? { points: 0, difference: 0, scored: 0 };
      row.points += scored > conceded ? 3 : scored === conceded ? 1 : 0;
      row.difference += scored - conceded;
      row.scored += scored;
      table.set(id, row);
    }
  }
  const order = [...table.entries()].sort(([, a], [, b]) => b.points - a.points || b.difference - a.difference || b.scored - a.scored);
  return order.findIndex(([id]) => id === team) + 1;
}

/**
 * What a knockout side shows before its team is known: the winner (or, in the small final, the
 * loser) of our game number it came from; else the file's placeholder (`2A`, `3A/D/E/F`), else the
 * group position its results give. A file's `W39` counts matches as the organiser does, which need
 * not be our numbering: Euro 2024's organiser's match 39 is our game 40.
 */
export function placeholderOfSide(fixture: Fixture, game: FixtureGame, side: Side): string {
  const given = side === 'home' ? game.homePlaceholder : game.awayPlaceholder;
  const team = teamOf(game, side);
  // An upcoming tournament's file names the placeholder itself.
  if (isPlaceholderTeam(team)) return team;
  const feeding = feedingGameOf(fixture, game, team);
  if (feeding && feeding.stage !== 'Group') return `${game.stage === 'SmallFinal' ? 'L' : 'W'}${feeding.number}`;
  if (given) return given;
  if (!feeding) return side === 'home' ? 'W1' : 'W2';
  const position = Math.min(3, Math.max(1, groupPositionOf(fixture, feeding.group ?? '', team)));
  return `${position}${feeding.group ?? 'A'}`;
}

/** A knockout game's teams as they stand at an instant: real once known, placeholders before. */
export function teamsAt(fixture: Fixture, game: FixtureGame, now: number): { homeTeam: string; awayTeam: string } {
  const sideAt = (side: Side) => (teamKnownAt(fixture, game, side) <= now ? teamOf(game, side) : placeholderOfSide(fixture, game, side));
  return { homeTeam: sideAt('home'), awayTeam: sideAt('away') };
}

/** The moment a knockout game's real teams replace its placeholders (none when there is nothing to fill). */
export function teamStepOfGame(fixture: Fixture, game: FixtureGame): TimelineStep | undefined {
  if (game.stage === 'Group' || (isPlaceholderTeam(game.homeTeam) && isPlaceholderTeam(game.awayTeam))) return undefined;
  const at = Math.max(teamKnownAt(fixture, game, 'home'), teamKnownAt(fixture, game, 'away'));
  if (!Number.isFinite(at)) return undefined;
  return { at, number: game.number, change: { homeTeam: game.homeTeam, awayTeam: game.awayTeam } };
}

/**
 * A game as it stood at an instant: a game whose kickoff is after it is Scheduled with no score,
 * one in play is Live with the goals so far, and a knockout game's teams are placeholders until
 * known. Nothing from after the instant is in it. A game without a result in the file stays
 * Scheduled whatever the instant: its status comes from a feed or the operator.
 */
export function gameAt(fixture: Fixture, game: FixtureGame, now: number): Required<Pick<GameChange, 'status' | 'homeTeam' | 'awayTeam'>> & { homeGoals: number | null; awayGoals: number | null } {
  const state = { status: 'Scheduled' as GameChange['status'] & string, homeGoals: null as number | null, awayGoals: null as number | null, ...teamsAt(fixture, game, now) };
  if (!game.result) return state;
  for (const step of scoreStepsOfGame(game)) {
    if (step.at > now) break;
    Object.assign(state, step.change);
  }
  return state;
}

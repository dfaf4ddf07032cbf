import { countedScore, type GameStatus, type Score } from '@scorecast/rules';
import { teamIdOf, type FeedMatch, type TeamNames } from './feedMatch.js';

type Goals = { home: number | null; away: number | null } | null | undefined;
type Team = { name: string | null; shortName?: string | null; tla: string | null } | null;

/** The part of a football-data.org v4 match the adapter reads. */
export type FootballDataMatch = {
  utcDate: string;
  status: string;
  homeTeam: Team;
  awayTeam: Team;
  score: { duration?: string; fullTime?: Goals; regularTime?: Goals; extraTime?: Goals; penalties?: Goals };
};

const LIVE = new Set(['IN_PLAY', 'PAUSED', 'EXTRA_TIME', 'PENALTY_SHOOTOUT', 'LIVE']);
const FINISHED = new Set(['FINISHED', 'AWARDED']);

function statusOf(status: string): GameStatus {
  if (FINISHED.has(status)) return 'Finished';
  return LIVE.has(status) ? 'Live' : 'Scheduled';
}

const scoreOf = (goals: Goals): Score => ({ homeGoals: goals?.home ?? 0, awayGoals: goals?.away ?? 0 });
const minus = (a: Score, b: Score): Score => ({ homeGoals: a.homeGoals - b.homeGoals, awayGoals: a.awayGoals - b.awayGoals });

/**
 * Our counted score from football-data's: its `fullTime` is the running score and, after a
 * knockout, counts extra time and shoot-out goals too; `extraTime` and `penalties` count only their
 * own goals. Null before kickoff.
 */
export function footballDataScore(score: FootballDataMatch['score']): Score | null {
  if (score.fullTime?.home === null || score.fullTime?.home === undefined) return null;
  const total = scoreOf(score.fullTime);
  if (!score.duration || score.duration === 'REGULAR') return total;
  const penalties = score.penalties ? scoreOf(score.penalties) : undefined;
  const afterExtraTime = penalties ? minus(total, penalties) : total;
  const regular = score.regularTime ? scoreOf(score.regularTime) : score.extraTime ? minus(afterExtraTime, scoreOf(score.extraTime)) : afterExtraTime;
  return countedScore({ fullTime: regular, extraTime: afterExtraTime, ...(penalties ? { penalties } : {}) });
}

/** Maps a `competitions/{code}/matches` answer to feed matches in our words. */
export function footballDataMatches(answer: { matches: FootballDataMatch[] }, names: TeamNames): FeedMatch[] {
  return answer.matches.map((match) => {
    const score = footballDataScore(match.score);
    const status = statusOf(match.status);
    return {
      kickoff: Date.parse(match.utcDate),
      homeTeam: teamIdOf(names, match.homeTeam?.tla, match.homeTeam?.name, match.homeTeam?.shortName),
      awayTeam: teamIdOf(names, match.awayTeam?.tla, match.awayTeam?.name, match.awayTeam?.shortName),
      status,
      homeGoals: status === 'Scheduled' ? null : (score?.homeGoals ?? 0),
      awayGoals: status === 'Scheduled' ? null : (score?.awayGoals ?? 0),
    };
  });
}

export type FootballDataOptions = { baseUrl: string; token: string; competition: string; season: number };

/** Fetches a season's matches from football-data.org v4 (`X-Auth-Token`). */
export async function fetchFootballData(options: FootballDataOptions, names: TeamNames): Promise<FeedMatch[]> {
  const url = `${options.baseUrl.replace(/\/$/, '')}/competitions/${encodeURIComponent(options.competition)}/matches?season=${options.season}`;
  const response = await fetch(url, { headers: { 'X-Auth-Token': options.token }, signal: AbortSignal.timeout(20_000) });
  if (!response.ok) throw new Error(`football-data.org answered ${response.status} for ${url}`);
  return footballDataMatches((await response.json()) as { matches: FootballDataMatch[] }, names);
}

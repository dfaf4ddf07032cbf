import type { Score } from '@scorecast/rules';
import { teamIdOf, type FeedMatch, type TeamNames } from './feedMatch.js';

type Team = { teamName: string; shortName?: string | null };

/** The part of an OpenLigaDB match the adapter reads. */
export type OpenLigaDbMatch = {
  matchDateTimeUTC: string;
  team1: Team;
  team2: Team;
  matchIsFinished: boolean;
  matchResults?: { pointsTeam1: number; pointsTeam2: number; resultTypeID: number; resultOrderID?: number }[] | null;
  goals?: { scoreTeam1: number | null; scoreTeam2: number | null }[] | null;
};

/**
 * The score of an OpenLigaDB match: the final result (result type 2) once finished, else the
 * running score after the last goal, else the latest result entered, else 0:0 once kicked off.
 */
function scoreOf(match: OpenLigaDbMatch): Score | null {
  const results = [...(match.matchResults ?? [])].sort((a, b) => (a.resultOrderID ?? a.resultTypeID) - (b.resultOrderID ?? b.resultTypeID));
  const final = results.find((result) => result.resultTypeID === 2);
  if (match.matchIsFinished && final) return { homeGoals: final.pointsTeam1, awayGoals: final.pointsTeam2 };
  const lastGoal = (match.goals ?? []).filter((goal) => goal.scoreTeam1 !== null && goal.scoreTeam2 !== null).at(-1);
  if (lastGoal) return { homeGoals: lastGoal.scoreTeam1!, awayGoals: lastGoal.scoreTeam2! };
  const latest = results.at(-1);
  return latest ? { homeGoals: latest.pointsTeam1, awayGoals: latest.pointsTeam2 } : null;
}

/**
 * Maps a `getmatchdata/{league}/{season}` answer to feed matches in our words. OpenLigaDB has no
 * status: finished is its flag, live is a kicked-off match (by `now`) that is not finished.
 */
export function openLigaDbMatches(matches: OpenLigaDbMatch[], names: TeamNames, now: number): FeedMatch[] {
  return matches.map((match) => {
    const kickoff = Date.parse(match.matchDateTimeUTC);
    const score = scoreOf(match);
    const status = match.matchIsFinished ? 'Finished' : kickoff <= now || score ? 'Live' : 'Scheduled';
    return {
      kickoff,
      homeTeam: teamIdOf(names, match.team1.teamName),
      awayTeam: teamIdOf(names, match.team2.teamName),
      status,
      homeGoals: status === 'Scheduled' ? null : (score?.homeGoals ?? 0),
      awayGoals: status === 'Scheduled' ? null : (score?.awayGoals ?? 0),
    };
  });
}

export type OpenLigaDbOptions = { baseUrl: string; league: string; season: number };

/** Fetches a season's matches from OpenLigaDB (no key). */
export async function fetchOpenLigaDb(options: OpenLigaDbOptions, names: TeamNames, now: number): Promise<FeedMatch[]> {
  const url = `${options.baseUrl.replace(/\/$/, '')}/getmatchdata/${encodeURIComponent(options.league)}/${options.season}`;
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(20_000) });
  if (!response.ok) throw new Error(`OpenLigaDB answered ${response.status} for ${url}`);
  return openLigaDbMatches((await response.json()) as OpenLigaDbMatch[], names, now);
}

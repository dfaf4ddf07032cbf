import type { GameStatus } from '@scorecast/rules';

/**
 * A match as a feed reports it, already in our words: kickoff in epoch ms, our team ids (null
 * while undecided or unknown), our status, and the counted score (after extra time, plus one goal
 * to a shoot-out winner), null before kickoff.
 */
export type FeedMatch = {
  kickoff: number;
  homeTeam: string | null;
  awayTeam: string | null;
  status: GameStatus;
  homeGoals: number | null;
  awayGoals: number | null;
};

/** How a feed names teams, mapped to our ids (fixtures/feed-teams.json), plus our own names of the year. */
export type TeamNames = {
  /** Feed spelling (code or name) to our id. */
  byFeedName: ReadonlyMap<string, string>;
  /** Our English names of the year's teams, lower-case, to our id: the fallback for years without a map. */
  byOurName: ReadonlyMap<string, string>;
};

/** Our id of a team a feed names, trying each spelling in turn; null when none is known. */
export function teamIdOf(names: TeamNames, ...spellings: (string | null | undefined)[]): string | null {
  for (const spelling of spellings) {
    if (!spelling) continue;
    const id = names.byFeedName.get(spelling) ?? names.byOurName.get(spelling.toLowerCase());
    if (id) return id;
  }
  return null;
}

import { readFileSync } from 'node:fs';
import { isWorldCup } from '@scorecast/rules';
import { positiveNumberOf, SettingError, webUrlOf } from '../config.js';

/** Which result feed polls, and how often. */
export type FeedConfig = {
  feed: 'football-data' | 'openligadb';
  /** football-data.org: base URL (…/v4), token, competition code (default WC or EC by year). */
  footballData: { baseUrl: string; token: string; competition?: string | undefined };
  /** OpenLigaDB: base URL and league shortcut (default wm{yy} or em by year). */
  openLigaDb: { baseUrl: string; league?: string | undefined };
  /** Real milliseconds between polls while a game is live or about to start. */
  liveInterval: number;
  /** Real milliseconds between polls otherwise. */
  idleInterval: number;
  /** The feed-teams.json map of feed spellings to our ids. */
  teamsFile: string;
};

/** The feed configuration of the environment, or undefined when FEED is unset. */
export function feedConfigOf(env: NodeJS.ProcessEnv, defaultTeamsFile: string): FeedConfig | undefined {
  const feed = env.FEED;
  if (!feed) return undefined;
  if (feed !== 'football-data' && feed !== 'openligadb') throw new SettingError(`FEED must be football-data or openligadb, not ${JSON.stringify(feed)}`);
  if (feed === 'football-data' && !env.FOOTBALL_DATA_TOKEN) throw new SettingError('FEED=football-data needs FOOTBALL_DATA_TOKEN');
  return {
    feed,
    footballData: { baseUrl: webUrlOf('FOOTBALL_DATA_URL', env.FOOTBALL_DATA_URL, 'https://api.football-data.org/v4'), token: env.FOOTBALL_DATA_TOKEN ?? '', competition: env.FOOTBALL_DATA_COMPETITION },
    openLigaDb: { baseUrl: webUrlOf('OPENLIGADB_URL', env.OPENLIGADB_URL, 'https://api.openligadb.de'), league: env.OPENLIGADB_LEAGUE },
    // A day at most; a number that is none polled as fast as the timer could (NaN ms is 1 ms).
    liveInterval: positiveNumberOf('FEED_LIVE_INTERVAL', env.FEED_LIVE_INTERVAL, 15, 86_400) * 1000,
    idleInterval: positiveNumberOf('FEED_IDLE_INTERVAL', env.FEED_IDLE_INTERVAL, 600, 86_400) * 1000,
    teamsFile: env.FEED_TEAMS_FILE ?? defaultTeamsFile,
  };
}

/** football-data.org's competition code of a year. */
export const footballDataCompetitionOf = (year: number) => (isWorldCup(year) ? 'WC' : 'EC');

/** OpenLigaDB's league shortcut of a year (as seen in public code: wm26, em). */
export const openLigaDbLeagueOf = (year: number) => (isWorldCup(year) ? `wm${String(year).slice(2)}` : 'em');

/** The spellings of feed-teams.json for one feed, feed name to our id; empty when the file is missing. */
export function feedTeamNamesOf(file: string, feed: FeedConfig['feed']): Map<string, string> {
  let parsed: { footballData?: { byTla?: Record<string, string>; byName?: Record<string, string> }; openLigaDb?: { byTeamName?: Record<string, string> } };
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as typeof parsed;
  } catch {
    return new Map();
  }
  const maps = feed === 'football-data' ? [parsed.footballData?.byTla, parsed.footballData?.byName] : [parsed.openLigaDb?.byTeamName];
  return new Map(maps.flatMap((map) => Object.entries(map ?? {})));
}

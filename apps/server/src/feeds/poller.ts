import { currentYearOf } from '../clock.js';
import type { ServerContext } from '../context.js';
import { listGames, type StoredGame } from '../db/games.js';
import { feedTeamNamesOf, footballDataCompetitionOf, openLigaDbLeagueOf, type FeedConfig } from './config.js';
import type { FeedMatch, TeamNames } from './feedMatch.js';
import { fetchFootballData } from './footballData.js';
import { soleLeadership, type Leadership } from './leader.js';
import { fetchOpenLigaDb } from './openLigaDb.js';
import { applyFeedMatches } from './sync.js';
import { feedPolls } from '../metrics.js';

/**
 * How long to wait before the next poll: the live interval while a game is live or kicks off
 * before the idle interval would come round again (counted on the server clock), else idle.
 */
export function nextPollDelay(games: readonly StoredGame[], now: number, config: Pick<FeedConfig, 'liveInterval' | 'idleInterval'>): number {
  const horizon = now + config.idleInterval;
  const busy = games.some((game) => game.status === 'Live' || (game.status === 'Scheduled' && Date.parse(game.date) <= horizon));
  return busy ? config.liveInterval : config.idleInterval;
}

async function teamNamesOf(context: ServerContext, year: number, config: FeedConfig): Promise<TeamNames> {
  const teams = await context.db.selectFrom('teams').select(['id', 'name']).where('year', '=', year).execute();
  return { byFeedName: feedTeamNamesOf(config.teamsFile, config.feed), byOurName: new Map(teams.map((team) => [team.name.toLowerCase(), team.id])) };
}

/** Fetches the configured feed once for a year and applies it. */
export async function pollFeedOnce(context: ServerContext, config: FeedConfig, year: number): Promise<{ changed: number; unmatched: number }> {
  const names = await teamNamesOf(context, year, config);
  const matches: FeedMatch[] =
    config.feed === 'football-data'
      ? await fetchFootballData({ ...config.footballData, competition: config.footballData.competition ?? footballDataCompetitionOf(year), season: year }, names)
      : await fetchOpenLigaDb({ ...config.openLigaDb, league: config.openLigaDb.league ?? openLigaDbLeagueOf(year), season: year }, names, context.clock.now());
  return applyFeedMatches(context, year, matches);
}

/**
 * Polls the feed for the year of the server clock, fast while games are live, slowly otherwise;
 * a failed poll is logged and retried at the next turn. With several processes only the
 * `leadership`'s leader polls (one feed request per turn, not one per process). Returns a stop function.
 */
export function startFeedPolling(
  context: ServerContext,
  config: FeedConfig,
  log: (line: string, error?: unknown) => void = console.log,
  leadership: Leadership = soleLeadership,
): { stop(): Promise<void>; polls(): number } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let count = 0;
  let current: Promise<void> | undefined;
  const turn = async () => {
    const year = currentYearOf(context.clock);
    try {
      if (!(await leadership.isLeader())) return schedule(config.liveInterval);
      // Stopped while asking: the lock may have come free as another process stopped at the same time.
      if (stopped) return;
      count += 1;
      const { changed, unmatched } = await pollFeedOnce(context, config, year).catch((error: unknown) => {
        feedPolls.inc({ feed: config.feed, outcome: 'failed' });
        throw error;
      });
      feedPolls.inc({ feed: config.feed, outcome: 'ok' });
      if (changed > 0) log(`feed ${config.feed}: ${changed} games changed${unmatched > 0 ? `, ${unmatched} matches without a game` : ''}`);
    } catch (error) {
      log(`feed ${config.feed} failed: ${(error as Error).message}`, error);
    }
    schedule(nextPollDelay(await listGames(context.db, year).catch(() => []), context.clock.now(), config));
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = turn();
    }, delay);
    timer.unref();
  };
  current = turn();
  return {
    polls: () => count,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
      await leadership.close();
    },
  };
}

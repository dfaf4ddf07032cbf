/** The schedule's search: `game` opens it at that game (a reminder mail's link asks for its first missing game). */
export type DashboardSearch = { game?: number };

/**
 * Reads the schedule's search from an address's query; anything but a game id is dropped.
 * @example dashboardSearch({ game: '83', action: 'autologin' }) // { game: 83 }
 */
export function dashboardSearch(search: Record<string, unknown>): DashboardSearch {
  const game = Number(search.game);
  return Number.isInteger(game) && game > 0 ? { game } : {};
}

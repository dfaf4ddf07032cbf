import { describe, expect, it } from 'vitest';
import { dashboardSearch } from './dashboardSearch';

describe("the schedule's search", () => {
  it('keeps the game a link names, as the query or the router gives it', () => {
    expect(dashboardSearch({ game: '83', action: 'autologin', password: 'secret' })).toEqual({ game: 83 });
    expect(dashboardSearch({ game: 7 })).toEqual({ game: 7 });
  });

  it('drops anything that is no game id', () => {
    for (const game of [undefined, '', '0', '-3', '2.5', 'abc', '83; drop', null]) expect(dashboardSearch({ game })).toEqual({});
  });
});

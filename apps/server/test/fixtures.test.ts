import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countedScore, STAGES, type Stage } from '@scorecast/rules';
import { describe, expect, it } from 'vitest';

// The data files apps/server/fixtures/{year}.json, made by apps/server/scripts/convert-fixtures.mjs.

type Score = { homeGoals: number; awayGoals: number };
type FixtureGame = {
  number: number;
  stage: Stage;
  group: string | null;
  date: string;
  venue: string;
  homeTeam: string;
  awayTeam: string;
  result: { fullTime: Score; extraTime?: Score; penalties?: Score } | null;
  goals?: { minute: number; side: 'home' | 'away' }[];
};
type Fixture = {
  year: number;
  sources: { name: string; url: string; licence: string }[];
  teams: { id: string; name: string }[];
  games: FixtureGame[];
};

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const fixturesDir = join(serverDir, 'fixtures');
const YEARS = [2024, 2025, 2026] as const;

function fixtureOf(year: number): Fixture {
  return JSON.parse(readFileSync(join(fixturesDir, `${year}.json`), 'utf8')) as Fixture;
}

const fixtures = Object.fromEntries(YEARS.map((year) => [year, fixtureOf(year)])) as Record<(typeof YEARS)[number], Fixture>;

function gameOf(year: (typeof YEARS)[number], homeTeam: string, awayTeam: string, stage?: Stage): FixtureGame {
  const found = fixtures[year].games.filter(
    (game) => game.homeTeam === homeTeam && game.awayTeam === awayTeam && (!stage || game.stage === stage),
  );
  expect(found, `${year} ${homeTeam}-${awayTeam}`).toHaveLength(1);
  return found[0]!;
}

function stageCounts(games: FixtureGame[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const game of games) counts[game.stage] = (counts[game.stage] ?? 0) + 1;
  return counts;
}

describe('fixture data files', () => {
  it('hold every game of each tournament: 51 in 2024, 31 in 2025, 104 in 2026', () => {
    expect(fixtures[2024].games).toHaveLength(51);
    expect(fixtures[2025].games).toHaveLength(31);
    expect(fixtures[2026].games).toHaveLength(104);
    expect(YEARS.map((year) => fixtures[year].year)).toEqual([...YEARS]);
  });

  it('have the rounds of each format, every stage one of the rules STAGES', () => {
    for (const year of YEARS) for (const game of fixtures[year].games) expect(STAGES).toContain(game.stage);
    expect(stageCounts(fixtures[2024].games)).toEqual({ Group: 36, Last16: 8, QuarterFinal: 4, SemiFinal: 2, Final: 1 });
    expect(stageCounts(fixtures[2025].games)).toEqual({ Group: 24, QuarterFinal: 4, SemiFinal: 2, Final: 1 });
    expect(stageCounts(fixtures[2026].games)).toEqual({
      Group: 72, Last32: 16, Last16: 8, QuarterFinal: 4, SemiFinal: 2, SmallFinal: 1, Final: 1,
    });
  });

  it('number games 1..n in kickoff order', () => {
    for (const year of YEARS) {
      const { games } = fixtures[year];
      expect(games.map((game) => game.number)).toEqual(games.map((_, index) => index + 1));
      const kickoffs = games.map((game) => Date.parse(game.date));
      expect(kickoffs).toEqual([...kickoffs].sort((a, b) => a - b));
    }
  });

  it('give kickoffs as UTC instants within each tournament', () => {
    const windows = {
      2024: ['2024-06-14T19:00:00Z', '2024-07-14T19:00:00Z'],
      2025: ['2025-07-02T16:00:00Z', '2025-07-27T16:00:00Z'],
      2026: ['2026-06-11T19:00:00Z', '2026-07-19T19:00:00Z'],
    };
    for (const year of YEARS) {
      const { games } = fixtures[year];
      for (const game of games) {
        expect(game.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00Z$/);
        expect(new Date(game.date).toISOString().replace('.000Z', 'Z')).toBe(game.date);
      }
      expect([games[0]!.date, games.at(-1)!.date]).toEqual(windows[year]);
    }
  });

  it('put group games in lettered groups of four teams and knockout games in none', () => {
    const letters = { 2024: 'ABCDEF', 2025: 'ABCD', 2026: 'ABCDEFGHIJKL' };
    for (const year of YEARS) {
      const teamsByGroup = new Map<string, Set<string>>();
      for (const game of fixtures[year].games) {
        if (game.stage !== 'Group') {
          expect(game.group).toBeNull();
          continue;
        }
        const teams = teamsByGroup.get(game.group!) ?? new Set();
        teamsByGroup.set(game.group!, teams.add(game.homeTeam).add(game.awayTeam));
      }
      expect([...teamsByGroup.keys()].sort().join('')).toBe(letters[year]);
      for (const teams of teamsByGroup.values()) expect(teams.size).toBe(4);
    }
  });

  it('name every team of a game in its list of teams, by flag-icons id and English name', () => {
    for (const year of YEARS) {
      const { teams, games } = fixtures[year];
      const ids = new Set(teams.map((team) => team.id));
      expect(ids.size).toBe(teams.length);
      for (const team of teams) expect(team.id).toMatch(/^([a-z]{2}|gb-(eng|sct|wls|nir))$/);
      expect(new Set(games.flatMap((game) => [game.homeTeam, game.awayTeam]))).toEqual(ids);
    }
    expect(fixtures[2024].teams).toContainEqual({ id: 'gb-sct', name: 'Scotland' });
    expect(fixtures[2025].teams).toContainEqual({ id: 'gb-wls', name: 'Wales' });
    expect(fixtures[2026].teams).toContainEqual({ id: 'us', name: 'United States' });
    expect(fixtures[2026].teams).toHaveLength(48);
  });

  it('record extra time only after a level knockout game, and a shoot-out only after a level extra time', () => {
    for (const year of YEARS) {
      for (const { stage, result } of fixtures[year].games) {
        expect(result).not.toBeNull();
        const { fullTime, extraTime, penalties } = result!;
        const level = (score: Score) => score.homeGoals === score.awayGoals;
        if (extraTime) expect(stage !== 'Group' && level(fullTime)).toBe(true);
        if (penalties) expect(extraTime && level(extraTime) && !level(penalties)).toBe(true);
        if (stage !== 'Group') expect(level(countedScore(result!))).toBe(false);
      }
    }
  });

  it('list goals that add up to the 90-minute score and the score after extra time', () => {
    for (const year of [2024, 2026] as const) {
      for (const { goals, result } of fixtures[year].games) {
        const count = (side: 'home' | 'away', lastMinute: number) =>
          goals!.filter((goal) => goal.side === side && goal.minute <= lastMinute).length;
        const final = result!.extraTime ?? result!.fullTime;
        expect([count('home', 90), count('away', 90)]).toEqual([result!.fullTime.homeGoals, result!.fullTime.awayGoals]);
        expect([count('home', 120), count('away', 120)]).toEqual([final.homeGoals, final.awayGoals]);
        expect(goals!.map((goal) => goal.minute)).toEqual(goals!.map((goal) => goal.minute).sort((a, b) => a - b));
      }
    }
    // StatsBomb's match list has no goals, and only its facts of the 31 games are kept.
    for (const game of fixtures[2025].games) expect(game.goals).toBeUndefined();
  });

  it('credit every source with a link and a licence', () => {
    for (const year of YEARS) {
      expect(fixtures[year].sources.length).toBeGreaterThan(0);
      for (const source of fixtures[year].sources) {
        expect(source.name).not.toBe('');
        expect(source.url).toMatch(/^https:\/\//);
        expect(source.licence).not.toBe('');
      }
    }
    expect(fixtures[2025].sources[0]!.name).toContain('StatsBomb');
    expect(fixtures[2025].sources[0]!.licence).toContain('StatsBomb Public Data User Agreement');
  });
});

describe('known results', () => {
  it('Euro 2024 opened with Germany 5:1 Scotland in Munich', () => {
    expect(fixtures[2024].games[0]).toMatchObject({
      number: 1, stage: 'Group', group: 'A', date: '2024-06-14T19:00:00Z', venue: 'Munich',
      homeTeam: 'de', awayTeam: 'gb-sct', result: { fullTime: { homeGoals: 5, awayGoals: 1 } },
    });
  });

  it('Euro 2024 final: Spain 2:1 England in Berlin, kickoff 21:00 CEST = 19:00 UTC', () => {
    const final = gameOf(2024, 'es', 'gb-eng', 'Final');
    expect(final).toMatchObject({ number: 51, date: '2024-07-14T19:00:00Z', venue: 'Berlin' });
    expect(final.result).toEqual({ fullTime: { homeGoals: 2, awayGoals: 1 } });
  });

  it('Euro 2024 quarter-final Portugal-France: 0:0 after extra time, France win 5:3 on penalties', () => {
    const game = gameOf(2024, 'pt', 'fr');
    expect(game.result).toEqual({
      fullTime: { homeGoals: 0, awayGoals: 0 },
      extraTime: { homeGoals: 0, awayGoals: 0 },
      penalties: { homeGoals: 3, awayGoals: 5 },
    });
    expect(countedScore(game.result!)).toEqual({ homeGoals: 0, awayGoals: 1 });
  });

  it('Euro 2024 England-Slovakia and Spain-Germany are fixed to 1:1 after 90 minutes, 2:1 after extra time', () => {
    for (const game of [gameOf(2024, 'gb-eng', 'sk'), gameOf(2024, 'es', 'de')]) {
      expect(game.result).toEqual({ fullTime: { homeGoals: 1, awayGoals: 1 }, extraTime: { homeGoals: 2, awayGoals: 1 } });
      expect(game.goals!.at(-1)!.minute).toBeGreaterThan(90);
    }
  });

  it("Women's Euro 2025 kickoffs are UTC: the final in Basel at 18:00 CEST = 16:00 UTC", () => {
    const final = gameOf(2025, 'gb-eng', 'es', 'Final');
    expect(final).toMatchObject({ number: 31, date: '2025-07-27T16:00:00Z', venue: 'Basel' });
  });

  it("Women's Euro 2025 knockouts split StatsBomb's after-extra-time score into 90 minutes, extra time and shoot-out", () => {
    expect(gameOf(2025, 'gb-eng', 'es').result).toEqual({
      fullTime: { homeGoals: 1, awayGoals: 1 },
      extraTime: { homeGoals: 1, awayGoals: 1 },
      penalties: { homeGoals: 3, awayGoals: 1 },
    });
    expect(gameOf(2025, 'se', 'gb-eng').result!.penalties).toEqual({ homeGoals: 2, awayGoals: 3 });
    expect(gameOf(2025, 'fr', 'de').result!.penalties).toEqual({ homeGoals: 5, awayGoals: 6 });
    expect(gameOf(2025, 'gb-eng', 'it').result).toEqual({ fullTime: { homeGoals: 1, awayGoals: 1 }, extraTime: { homeGoals: 2, awayGoals: 1 } });
    expect(gameOf(2025, 'de', 'es').result).toEqual({ fullTime: { homeGoals: 0, awayGoals: 0 }, extraTime: { homeGoals: 0, awayGoals: 1 } });
    expect(gameOf(2025, 'no', 'it').result).toEqual({ fullTime: { homeGoals: 1, awayGoals: 2 } });
  });

  it('World Cup 2026 opened with Mexico 2:0 South Africa in Mexico City, 13:00 UTC-6 = 19:00 UTC', () => {
    expect(fixtures[2026].games[0]).toMatchObject({
      number: 1, stage: 'Group', group: 'A', date: '2026-06-11T19:00:00Z', venue: 'Mexico City',
      homeTeam: 'mx', awayTeam: 'za', result: { fullTime: { homeGoals: 2, awayGoals: 0 } },
    });
  });

  it('World Cup 2026 final: Spain 1:0 Argentina after extra time', () => {
    const final = gameOf(2026, 'es', 'ar', 'Final');
    expect(final).toMatchObject({ number: 104, date: '2026-07-19T19:00:00Z' });
    expect(final.result).toEqual({ fullTime: { homeGoals: 0, awayGoals: 0 }, extraTime: { homeGoals: 1, awayGoals: 0 } });
  });

  it('World Cup 2026 semi-final England-Argentina has its "92" goal in stoppage time, not extra time', () => {
    const game = gameOf(2026, 'gb-eng', 'ar', 'SemiFinal');
    expect(game.result).toEqual({ fullTime: { homeGoals: 1, awayGoals: 2 } });
    expect(game.goals!.every((goal) => goal.minute <= 90)).toBe(true);
  });

  it('World Cup 2026 Switzerland-Colombia went to a shoot-out that Switzerland won 4:3', () => {
    const game = gameOf(2026, 'ch', 'co');
    expect(game.result!.penalties).toEqual({ homeGoals: 4, awayGoals: 3 });
    expect(countedScore(game.result!)).toEqual({ homeGoals: 1, awayGoals: 0 });
  });
});

describe('feed team names', () => {
  type FeedTeams = { footballData: { byTla: Record<string, string>; byName: Record<string, string> }; openLigaDb: { byTeamName: Record<string, string> } };
  const feedTeams = JSON.parse(readFileSync(join(fixturesDir, 'feed-teams.json'), 'utf8')) as FeedTeams;

  it('map each recorded feed\'s spelling of every World Cup 2026 team to our id, once', () => {
    const ids = fixtures[2026].teams.map((team) => team.id).sort();
    for (const map of [feedTeams.footballData.byTla, feedTeams.footballData.byName, feedTeams.openLigaDb.byTeamName]) {
      expect(Object.values(map).sort()).toEqual(ids);
    }
  });

  it('cover the spellings that differ from ours', () => {
    expect(feedTeams.footballData.byTla).toMatchObject({ CUR: 'cw', URY: 'uy', KSA: 'sa', SCO: 'gb-sct' });
    expect(feedTeams.footballData.byName).toMatchObject({ 'Bosnia-Herzegovina': 'ba', 'Congo DR': 'cd', Czechia: 'cz' });
    expect(feedTeams.openLigaDb.byTeamName).toMatchObject({ Elfenbeinküste: 'ci', Schottland: 'gb-sct', Deutschland: 'de' });
  });
});

describe('flag images', () => {
  /** Width and height from a PNG's IHDR chunk. */
  function pngSize(file: string): { width: number; height: number } {
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }

  it('exist for every team of every year as a small 64x48 PNG', () => {
    const teamIds = new Set(YEARS.flatMap((year) => fixtures[year].teams.map((team) => team.id)));
    expect(teamIds.size).toBe(62);
    for (const teamId of teamIds) {
      const file = join(fixturesDir, 'flags', `${teamId}.png`);
      expect(existsSync(file), file).toBe(true);
      expect(pngSize(file)).toEqual({ width: 64, height: 48 });
      expect(readFileSync(file).length).toBeLessThan(8 * 1024);
    }
  });
});

// Where the sources are present (a checkout with shared/ beside it), the committed files must be
// exactly what the converter makes from them.
const sourceDir = resolve(process.env.FIXTURE_SOURCES ?? join(serverDir, '../../../shared/data/fixtures'));

describe.skipIf(!existsSync(join(sourceDir, 'SOURCES.md')))('converter', () => {
  it('reproduces the committed data files from the sources', () => {
    const out = mkdtempSync(join(tmpdir(), 'scorecast-fixtures-'));
    try {
      const run = spawnSync(process.execPath, [join(serverDir, 'scripts/convert-fixtures.mjs'), sourceDir], {
        env: { ...process.env, FIXTURES_OUT: out },
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      const files = [...YEARS.map((year) => `${year}.json`), ...(existsSync(join(sourceDir, '../feeds')) ? ['feed-teams.json'] : [])];
      for (const file of files) {
        expect(readFileSync(join(out, file), 'utf8'), file).toBe(readFileSync(join(fixturesDir, file), 'utf8'));
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

#!/usr/bin/env node
// Converts the fixture sources in shared/data/fixtures (see its SOURCES.md) into the data files
// apps/server/fixtures/{year}.json that the server seeds from. Run it again when a source changes:
//   node apps/server/scripts/convert-fixtures.mjs [sourceFolder]
// The source folder is the argument, else $FIXTURE_SOURCES, else ../shared/data/fixtures beside
// the repository. The converted files are committed, so the app never needs shared/ at run time;
// $FIXTURES_OUT writes them elsewhere (the tests compare a fresh conversion with the committed files).
// With the recorded live-feed responses beside the sources (shared/data/feeds) it also writes
// feed-teams.json: how those feeds name the 2026 teams, as maps to our team ids.
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertEuro2024 } from './fixtures/euro-2024.mjs';
import { feedTeamsOf } from './fixtures/feed-teams.mjs';
import { convertWomensEuro2025 } from './fixtures/womens-euro-2025.mjs';
import { convertWorldCup2026 } from './fixtures/world-cup-2026.mjs';

const scriptsDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(scriptsDir, '../../..');
const fixturesDir = resolve(process.env.FIXTURES_OUT ?? join(scriptsDir, '../fixtures'));

function sourceFolder() {
  const folder = resolve(process.argv[2] ?? process.env.FIXTURE_SOURCES ?? join(repoRoot, '../shared/data/fixtures'));
  if (!existsSync(join(folder, 'SOURCES.md'))) {
    throw new Error(`No fixture sources in ${folder}: pass the folder holding SOURCES.md as the first argument`);
  }
  return folder;
}

/** One team or game a line: small diffs when a result changes, and readable by a person. */
function fixtureFileText({ year, sources, teams, games }) {
  const list = (items) => `[\n${items.map((item) => `    ${JSON.stringify(item)}`).join(',\n')}\n  ]`;
  return `{\n  "year": ${year},\n  "sources": ${list(sources)},\n  "teams": ${list(teams)},\n  "games": ${list(games)}\n}\n`;
}

const sources = sourceFolder();
const fixtures = [convertEuro2024, convertWomensEuro2025, convertWorldCup2026].map((convert) => convert(sources));
for (const fixture of fixtures) {
  const file = join(fixturesDir, `${fixture.year}.json`);
  writeFileSync(file, fixtureFileText(fixture));
  console.log(`${fixture.year}: ${fixture.games.length} games, ${fixture.teams.length} teams -> ${relative(repoRoot, file)}`);
}
// The recorded live-feed responses sit in shared/data/feeds, beside the fixture sources.
const feedTeams = feedTeamsOf(join(sources, '../feeds'), fixtures.find((fixture) => fixture.year === 2026));
if (feedTeams) {
  const file = join(fixturesDir, 'feed-teams.json');
  writeFileSync(file, `${JSON.stringify(feedTeams, null, 2)}\n`);
  console.log(`feed team names -> ${relative(repoRoot, file)}`);
}

#!/usr/bin/env node
// Renders the flag of every team in apps/server/fixtures/{year}.json as a small PNG,
// apps/server/fixtures/flags/{teamId}.png (4:3, 64x48), from the flag-icons package's SVGs (MIT;
// its licence is copied beside the images). Run it after convert-fixtures.mjs adds a team:
//   node apps/server/scripts/make-flags.mjs
import { copyFileSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const WIDTH = 64;
const fixturesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures');
const flagsDir = join(fixturesDir, 'flags');
const flagIconsDir = dirname(createRequire(import.meta.url).resolve('flag-icons/package.json'));

function teamIdsOfFixtures() {
  const files = readdirSync(fixturesDir).filter((name) => /^\d{4}\.json$/.test(name));
  const teams = files.flatMap((name) => JSON.parse(readFileSync(join(fixturesDir, name), 'utf8')).teams);
  return [...new Set(teams.map((team) => team.id))].sort();
}

/** A flag as a PNG `WIDTH` pixels wide; the SVGs are 4:3, so 64x48. */
function flagPng(teamId) {
  const svg = readFileSync(join(flagIconsDir, 'flags', '4x3', `${teamId}.svg`), 'utf8');
  return new Resvg(svg, { fitTo: { mode: 'width', value: WIDTH } }).render().asPng();
}

const teamIds = teamIdsOfFixtures();
// A team that left every tournament file leaves no stale image behind.
for (const name of readdirSync(flagsDir)) {
  if (name.endsWith('.png') && !teamIds.includes(name.slice(0, -4))) rmSync(join(flagsDir, name));
}
let bytes = 0;
for (const teamId of teamIds) {
  const png = flagPng(teamId);
  writeFileSync(join(flagsDir, `${teamId}.png`), png);
  bytes += png.length;
}
copyFileSync(join(flagIconsDir, 'LICENSE'), join(flagsDir, 'LICENSE-flag-icons'));
console.log(`${teamIds.length} flags, ${bytes} bytes -> apps/server/fixtures/flags/`);

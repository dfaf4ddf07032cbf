#!/usr/bin/env node
// Runs the pinned pnpm, installing it into .tools/ on first use, so a fresh machine needs only Node and npm.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const toolsDir = join(root, '.tools');
const pnpmBin = join(toolsDir, 'node_modules', '.bin', 'pnpm');

export function ensurePnpm() {
  if (existsSync(pnpmBin)) return pnpmBin;
  console.log(`Installing pnpm ${version} into .tools/ (first use only)`);
  const result = spawnSync(
    'npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--prefix', toolsDir, `pnpm@${version}`],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('Could not install pnpm');
  return pnpmBin;
}

function pnpmEnv() {
  const env = { ...process.env };
  // better-sqlite3 compiles from source here; pnpm only finds Node's headers through this variable.
  if (!env.npm_config_nodedir && existsSync('/usr/include/node/node.h')) env.npm_config_nodedir = '/usr';
  return env;
}

/** Runs pnpm with the given arguments in the workspace root and returns its exit code. */
export function pnpm(args, options = {}) {
  const result = spawnSync(ensurePnpm(), args, { stdio: 'inherit', cwd: root, env: pnpmEnv(), ...options });
  return result.status ?? 1;
}

/** Installs the workspace's dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = join(root, 'node_modules', '.modules.yaml');
  const lock = join(root, 'pnpm-lock.yaml');
  if (existsSync(marker) && existsSync(lock) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  const frozen = process.env.CI ? ['--frozen-lockfile'] : [];
  if (pnpm(['install', ...frozen]) !== 0) throw new Error('pnpm install failed');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(pnpm(process.argv.slice(2)));
}

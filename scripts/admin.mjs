#!/usr/bin/env node
// `npm run admin -- <command>`: the server's admin CLI (apps/server/dist/admin/cli.js, built by npm
// start and npm test). Started by node itself: run through pnpm, it was told the repository's root
// as the folder the command was typed in (INIT_CWD), and a relative DATA_DIR typed below the root
// went astray.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './pnpm.mjs';

const serverDir = join(root, 'apps', 'server');
const result = spawnSync(process.execPath, [join(serverDir, 'dist', 'admin', 'cli.js'), ...process.argv.slice(2)], {
  cwd: serverDir,
  stdio: 'inherit',
  env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
});
process.exit(result.status ?? 1);

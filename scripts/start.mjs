#!/usr/bin/env node
// The README's run command: installs what is missing, builds, and starts the app.
import { ensureDependencies, pnpm } from './pnpm.mjs';

ensureDependencies();
if (pnpm(['-r', '--workspace-concurrency=1', 'run', 'build']) !== 0) process.exit(1);

process.exit(pnpm(['--filter', '@scorecast/server', 'run', 'serve', ...process.argv.slice(2)]));

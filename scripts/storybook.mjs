#!/usr/bin/env node
// `npm run storybook`: installs what is missing, builds the rules the ui imports, and opens the
// component catalogue on http://localhost:6006 for designers.
import { ensureDependencies, pnpm } from './pnpm.mjs';

ensureDependencies();
if (pnpm(['--filter', '@scorecast/rules', 'run', 'build']) !== 0) process.exit(1);
process.exit(pnpm(['--filter', '@scorecast/ui', 'run', 'storybook']));

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// Typed in docs/ with DATA_DIR=../../d8, the CLI looked beside the repository's root, not beside
// docs/: a relative DATA_DIR is the shell's, wherever it is typed. Its refusal ended without a
// line break, and the prompt came after it on the same line.
it('npm run admin takes a relative DATA_DIR from the folder it is typed in, below the root too', { timeout: 60_000 }, () => {
  const typedIn = join(ROOT, 'docs');
  const { INIT_CWD: _typedBefore, ...env } = process.env;
  const result = spawnSync('npm', ['run', '-s', 'admin', '--', 'backup', 'copy.db'], {
    cwd: typedIn,
    env: { ...env, DATA_DIR: 'no-such-data', PORT: '1' },
    encoding: 'utf8',
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toBe(`no database at ${join(typedIn, 'no-such-data', 'scorecast.db')} (set DATA_DIR; on PostgreSQL, back up with pg_dump: see README.md)\n`);
});

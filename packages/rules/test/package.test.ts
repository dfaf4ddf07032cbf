import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { publint } from 'publint';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

// These read the built dist/: the test command builds every package before it runs the tests.
describe('the published package', () => {
  it('has no publint problems', async () => {
    const { messages } = await publint({ pkgDir: packageDir, strict: true, pack: 'npm' });
    expect(messages).toEqual([]);
  });

  it('resolves its types in every module system (are-the-types-wrong)', () => {
    const attw = createRequire(import.meta.url).resolve('@arethetypeswrong/cli/package.json').replace('package.json', 'dist/index.js');
    const output = execFileSync(process.execPath, [attw, '--pack', packageDir, '--format', 'json'], { encoding: 'utf8' });
    const report = JSON.parse(output) as { analysis: { problems: unknown[] } };
    expect(report.analysis.problems).toEqual([]);
  }, 60_000);

  it('works from CommonJS and ESM alike', async () => {
    const require = createRequire(import.meta.url);
    const fromRequire = require(`${packageDir}dist/index.cjs`) as typeof import('../src/index.js');
    const fromImport = (await import(`${packageDir}dist/index.js`)) as typeof import('../src/index.js');
    expect(fromRequire.competitionOf(2026)).toBe('WorldCup');
    expect(fromImport.defaultPointConfiguration(2024)).toEqual(fromRequire.defaultPointConfiguration(2024));
  });
});

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { publint } from 'publint';
import { startApiServer } from './support/api-server.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

// These read the built dist/: the test command builds every package before it runs the tests.
describe('the published package', () => {
  it('has no publint problems', async () => {
    const { messages } = await publint({ pkgDir: packageDir, strict: true, pack: 'npm' });
    expect(messages).toEqual([]);
  });

  it('resolves its types in every module system (are-the-types-wrong)', () => {
    const attw = createRequire(import.meta.url).resolve('@arethetypeswrong/cli/package.json').replace('package.json', 'dist/index.js');
    // attw exits non-zero on any problem: its JSON report is read either way.
    const output = spawnSync(process.execPath, [attw, '--pack', packageDir, '--format', 'json'], { encoding: 'utf8' }).stdout;
    const report = JSON.parse(output) as { analysis: { problems: { resolutionKind?: string }[] } };
    // The package needs Node 20 (engines), whose resolver reads `exports`; only the old node10
    // resolver cannot see the `./live` subpath, and no consumer of ours uses it.
    expect(report.analysis.problems.filter((problem) => problem.resolutionKind !== 'node10')).toEqual([]);
  }, 60_000);

  it('works from CommonJS and ESM alike', async () => {
    const require = createRequire(import.meta.url);
    const fromRequire = require(`${packageDir}dist/index.cjs`) as typeof import('../src/index.js');
    const fromImport = (await import(`${packageDir}dist/index.js`)) as typeof import('../src/index.js');
    const cipher = await fromImport.encryptPassword('Secret!1');
    expect(await fromRequire.decryptPassword(cipher)).toBe('Secret!1');
    expect(Object.keys(fromRequire.routes)).toEqual(Object.keys(fromImport.routes));
    const liveFromRequire = require(`${packageDir}dist/live.cjs`) as typeof import('../src/live.js');
    const liveFromImport = (await import(`${packageDir}dist/live.js`)) as typeof import('../src/live.js');
    expect(typeof liveFromImport.createLiveChannel({ baseUrl: 'http://127.0.0.1' }).start).toBe('function');
    expect(liveFromRequire.CONNECTION_LOST_MESSAGE).toBe(liveFromImport.CONNECTION_LOST_MESSAGE);
  });

  it('makes real calls from both builds (ky is ESM only: CommonJS reaches it through require(esm))', async () => {
    const server = await startApiServer(() => ({ body: {} }));
    try {
      const require = createRequire(import.meta.url);
      const fromRequire = require(`${packageDir}dist/index.cjs`) as typeof import('../src/index.js');
      const fromImport = (await import(`${packageDir}dist/index.js`)) as typeof import('../src/index.js');
      const storage = fromImport.createMemoryTokenStorage([['token', 'abc']]);
      await fromRequire.createApiClient({ baseUrl: server.url, tokenStorage: storage }).leaveGroup({ id: 'g7Qm2xVb9LpT4sKd8RzW1nHc' });
      await fromImport.createApiClient({ baseUrl: server.url, tokenStorage: storage }).deleteGroup({ id: 'g7Qm2xVb9LpT4sKd8RzW1nHc' });
      expect(server.requests.map((request) => `${request.method} ${request.headers.authorization}`)).toEqual(['POST Bearer abc', 'DELETE Bearer abc']);
    } finally {
      await server.close();
    }
  });

  it('leaves its runtime dependencies to the installer instead of bundling them', () => {
    const dependenciesOf = (files: string[]) => files.map((file) => readFileSync(`${packageDir}${file}`, 'utf8')).join('\n');
    for (const format of [['dist/index.js', 'dist/live.js'], ['dist/index.cjs', 'dist/live.cjs']]) {
      const code = dependenciesOf(format);
      for (const dependency of ['ky', '@microsoft/signalr', 'zod/mini', '@scorecast/rules']) expect(code).toMatch(new RegExp(`(from |require\\()"${dependency}"`));
    }
  });

  it('keeps @microsoft/signalr out of the main entry, so apps load it only with the live channel', () => {
    for (const file of ['dist/index.js', 'dist/index.cjs']) expect(readFileSync(`${packageDir}${file}`, 'utf8')).not.toContain('@microsoft/signalr');
  });
});

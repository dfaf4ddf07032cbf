import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, PACKAGE_DIR } from './support/process.js';

/** Runs the built admin CLI as `npm run admin` does, with a PORT and no ADMIN_URL (not blocking: the other server answers from this process). */
function admin(port: number, ...args: string[]): Promise<{ status: number | null; stderr: string }> {
  const { ADMIN_URL: _unset, ...env } = process.env;
  return new Promise((done) => {
    const child = execFile(process.execPath, ['dist/admin/cli.js', ...args], { cwd: PACKAGE_DIR, env: { ...env, PORT: String(port), ADMIN_TOKEN: 'some-token' } }, (_error, _stdout, stderr) =>
      done({ status: child.exitCode, stderr }),
    );
  });
}

async function listening(server: Server): Promise<number> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

describe('the admin CLI without its server', () => {
  const other = createServer((_request, response) => response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>'));
  let otherPort: number;
  let freePort: number;
  beforeAll(async () => {
    ensureBuilt();
    otherPort = await listening(other);
    const probe = createServer();
    freePort = await listening(probe);
    await new Promise((done) => probe.close(done));
  });
  afterAll(async () => new Promise((done) => other.close(done)));

  it('names the address it tried and how to give it the server port when nothing listens there', async () => {
    const { status, stderr } = await admin(freePort, 'games', '2026');
    expect(status).toBe(1);
    expect(stderr).toContain(`no Scorecast server answered at http://127.0.0.1:${freePort} (ECONNREFUSED)`);
    expect(stderr).toContain(`PORT is ${freePort}`);
    expect(stderr).toContain('PORT=8080 npm run admin -- games 2026');
    expect(stderr).toContain('ADMIN_URL');
  });

  // ADMIN_URL=localhost:7100 was answered 'Invalid URL' alone.
  it('names ADMIN_URL when it is no http(s) URL', async () => {
    const { ADMIN_URL: _unset, ...env } = process.env;
    const { status, stderr } = await new Promise<{ status: number | null; stderr: string }>((done) => {
      const child = execFile(process.execPath, ['dist/admin/cli.js', 'games', '2026'], { cwd: PACKAGE_DIR, env: { ...env, ADMIN_URL: 'localhost:7100', ADMIN_TOKEN: 'some-token' } }, (_error, _stdout, stderr) =>
        done({ status: child.exitCode, stderr }),
      );
    });
    expect(status).toBe(1);
    expect(stderr).toBe('ADMIN_URL must be an http:// or https:// URL, not "localhost:7100"\n');
  });

  it('says so when something else answers on the port', async () => {
    const { status, stderr } = await admin(otherPort, 'games', '2026');
    expect(status).toBe(1);
    expect(stderr).toContain(`http://127.0.0.1:${otherPort} answered 404 with no JSON: it is not the Scorecast server`);
    expect(stderr).toContain('PORT=8080');
  });
});

// After ten wrong tokens the server refuses the address for the rest of a minute, the right token
// too: the CLI printed only 'refused (429): tooManyRequests'.
describe('the admin CLI refused for too many wrong tokens', () => {
  const locked = createServer((_request, response) => response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '41' }).end('{"error":"tooManyRequests"}'));
  let port: number;
  beforeAll(async () => {
    ensureBuilt();
    port = await listening(locked);
  });
  afterAll(async () => new Promise((done) => locked.close(done)));

  it('says why, and how long to wait', async () => {
    const { status, stderr } = await admin(port, 'games', '2026');
    expect(status).toBe(1);
    expect(stderr).toContain('too many wrong admin tokens came from this address');
    expect(stderr).toContain('try again in 41 s');
  });
});

describe('the admin CLI on a wrong command line', () => {
  beforeAll(() => ensureBuilt());

  /** Runs the built CLI from `cwd` with only the given admin variables (no ADMIN_TOKEN, DATA_DIR nor ADMIN_URL of the caller's). */
  function adminIn(cwd: string, env: Record<string, string>, ...args: string[]): Promise<{ status: number | null; stderr: string }> {
    const { ADMIN_URL: _url, ADMIN_TOKEN: _token, DATA_DIR: _dir, INIT_CWD: _init, ...rest } = process.env;
    return new Promise((done) => {
      const child = execFile(process.execPath, [join(PACKAGE_DIR, 'dist/admin/cli.js'), ...args], { cwd, env: { ...rest, PORT: '1', ...env } }, (_error, _stdout, stderr) =>
        done({ status: child.exitCode, stderr }),
      );
    });
  }

  it('names a command it does not know before its usage', async () => {
    const { status, stderr } = await adminIn(PACKAGE_DIR, { ADMIN_TOKEN: 'some-token' }, 'fnish', '83', '2:1');
    expect(status).toBe(1);
    expect(stderr).toContain('unknown command fnish');
    expect(stderr).toContain('Scorecast admin: npm run admin -- <command>');
  });

  it('says the score is missing and shows the usage when finish or score has none', async () => {
    for (const command of ['finish', 'score']) {
      const { status, stderr } = await adminIn(PACKAGE_DIR, { ADMIN_TOKEN: 'some-token' }, command, '83');
      expect(status).toBe(1);
      expect(stderr).toContain(`${command}: the score is missing`);
      expect(stderr).not.toContain('undefined');
      expect(stderr).toContain('Scorecast admin: npm run admin -- <command>');
    }
  });

  it('says which file is missing or cannot be read when import or newsletter has none, instead of EISDIR on its folder', async () => {
    const cases: [string[], string][] = [
      [['import'], 'import: the fixture file is missing, as in import apps/server/fixtures/2026.json'],
      [['newsletter'], "newsletter: the subject and the text file are missing, as in newsletter 'World Cup 2026' news.txt de"],
      [['newsletter', 'World Cup 2026'], "newsletter: the text file is missing, as in newsletter 'World Cup 2026' news.txt de"],
      [['import', '.'], 'import: the fixture file . cannot be read (it is a folder)'],
      [['newsletter', 'World Cup 2026', 'no-such-news.txt'], 'newsletter: the text file no-such-news.txt cannot be read (there is no such file)'],
      [['import', 'README.md'], 'import: README.md is not JSON'],
    ];
    for (const [args, said] of cases) {
      const { status, stderr } = await adminIn(PACKAGE_DIR, { ADMIN_TOKEN: 'some-token', INIT_CWD: PACKAGE_DIR }, ...args);
      expect(status, args.join(' ')).toBe(1);
      expect(stderr, args.join(' ')).toContain(said);
      expect(stderr, args.join(' ')).not.toContain('EISDIR');
    }
  });

  it('says where it looked for the admin token and how to give it, when the token file is missing', async () => {
    const place = mkdtempSync(join(tmpdir(), 'scorecast-cli-'));
    try {
      const unset = await adminIn(place, { INIT_CWD: place }, 'games', '2026');
      expect(unset.status).toBe(1);
      expect(unset.stderr).toContain(`the admin token was not found at ${join('data', 'admin-token')}`);
      expect(unset.stderr).not.toContain('ENOENT');
      expect(unset.stderr).toContain('ADMIN_TOKEN=');
      expect(unset.stderr).toContain('DATA_DIR=');

      const given = await adminIn(place, { INIT_CWD: place, DATA_DIR: join(place, 'elsewhere') }, 'games', '2026');
      expect(given.stderr).toContain(`the admin token was not found at ${join(place, 'elsewhere', 'admin-token')}`);
      expect(given.stderr).not.toContain('ENOENT');
    } finally {
      rmSync(place, { recursive: true, force: true });
    }
  });
});

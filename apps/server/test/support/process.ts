import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** Builds dist/ when a test runs before `pnpm -r build` did. */
export function ensureBuilt(): void {
  if (!existsSync(`${PACKAGE_DIR}/dist/server.js`)) execFileSync(`${PACKAGE_DIR}/node_modules/.bin/tsup`, { cwd: PACKAGE_DIR, stdio: 'ignore' });
}

export type ServerProcess = { child: ChildProcess; url: string; output: () => string };

/** Starts `node dist/server.js` with an environment; resolves with its URL once it listens. */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['dist/server.js'], { cwd: PACKAGE_DIR, env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env } });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1]!.replace('localhost', '127.0.0.1'), output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

/** Ends a server process, by SIGKILL when asked. */
export function stopServerProcess(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill(signal);
  });
}

/**
 * Starts `node dist/server.js` expecting it to refuse: resolves with its exit code and output once it
 * exits, or with `listened: true` (after stopping it) when it started after all.
 */
export function refusalOfServer(env: Record<string, string>): Promise<{ code: number | null; output: string; listened: boolean }> {
  const child = spawn(process.execPath, ['dist/server.js'], { cwd: PACKAGE_DIR, env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env } });
  let output = '';
  let listened = false;
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!listened && /listening on http/.test(output)) {
        listened = true;
        child.kill('SIGKILL');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => resolve({ code, output, listened }));
  });
}

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The package as a stranger gets it: the packed tarball (of the built dist/: the test command builds
// every package first), installed with npm from the local file into fresh projects of each module
// system, where the README's examples run and print what the README says they print.

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const tsc = join(createRequire(import.meta.url).resolve('typescript/package.json'), '..', 'bin', 'tsc');

/** The README's examples: each ```ts block followed by a ```text block of what it prints. */
function readmeExamples(): { code: string; prints: string }[] {
  const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
  return [...readme.matchAll(/```ts\n([\s\S]*?)```\s*\n+prints\s*\n+```text\n([\s\S]*?)```/g)].map((match) => ({ code: match[1]!, prints: match[2]! }));
}

const examples = readmeExamples();
let work: string;
let tarball: string;

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_update_notifier: 'false' } });
}

/** A fresh project with the tarball installed by npm from the local file (offline: it has no dependencies). */
function project(name: string, packageJson: object, files: Record<string, string>): string {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `consumer-${name}`, private: true, ...packageJson }));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], dir);
  return dir;
}

const strict = { strict: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, lib: ['ES2022', 'DOM'], types: [] };

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'scorecast-rules-consumer-'));
  run('npm', ['pack', '--pack-destination', work], packageDir);
  tarball = join(work, readdirSync(work).find((file) => file.endsWith('.tgz'))!);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packed package in a fresh project', () => {
  it('the README has its two examples with what they print', () => {
    expect(examples).toHaveLength(2);
  });

  it('ships dist, README, LICENSE and package.json, and nothing of the sources or tests', () => {
    const files = run('tar', ['-tzf', tarball], work).trim().split('\n').sort();
    expect(files).toContain('package/LICENSE');
    expect(files).toContain('package/README.md');
    expect(files).toContain('package/dist/index.d.ts');
    expect(files.filter((file) => /\/(src|test|docs)\//.test(file))).toEqual([]);
  });

  it('has no @internal declarations in its types', () => {
    const dir = project('types', { type: 'module' }, {});
    for (const file of ['index.d.ts', 'index.d.cts']) expect(readFileSync(join(dir, 'node_modules/@scorecast/rules/dist', file), 'utf8')).not.toContain('@internal');
  }, 120_000);

  it.each([
    ['ESM (import)', ts.ModuleKind.ESNext, 'module', "from '@scorecast/rules'"],
    ['CommonJS (require)', ts.ModuleKind.CommonJS, 'commonjs', 'require("@scorecast/rules")'],
  ] as const)('runs the README examples from %s', (name, module, type, loads) => {
    const scripts = examples.map(({ code }) => ts.transpileModule(code, { compilerOptions: { module, target: ts.ScriptTarget.ES2022 } }).outputText);
    for (const script of scripts) expect(script).toContain(loads);
    const dir = project(type, { type }, Object.fromEntries(scripts.map((script, index) => [`example${index}.js`, script])));
    for (const [index, { prints }] of examples.entries()) expect(run(process.execPath, [`example${index}.js`], dir)).toBe(prints);
  }, 120_000);

  it.each([
    // The package's own declarations are checked once (skipLibCheck off): the slowest part.
    ['node16', { module: 'node16', moduleResolution: 'node16', skipLibCheck: false }, { type: 'module' }],
    ['node16 from CommonJS', { module: 'node16', moduleResolution: 'node16', skipLibCheck: true }, { type: 'commonjs' }],
    ['bundler', { module: 'esnext', moduleResolution: 'bundler', skipLibCheck: true }, { type: 'module' }],
  ])('type-checks strictly and runs the README examples in TypeScript (%s)', (name, resolution, packageJson) => {
    const files = Object.fromEntries(examples.map(({ code }, index) => [`example${index}.ts`, code]));
    const tsconfig = { compilerOptions: { ...strict, ...resolution, target: 'ES2022', outDir: 'out' }, include: ['*.ts'] };
    const dir = project(`ts-${name.replaceAll(' ', '-')}`, packageJson, { ...files, 'tsconfig.json': JSON.stringify(tsconfig) });
    run(process.execPath, [tsc, '-p', '.'], dir);
    for (const [index, { prints }] of examples.entries()) expect(run(process.execPath, [`out/example${index}.js`], dir)).toBe(prints);
  }, 120_000);
});

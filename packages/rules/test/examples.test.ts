import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as rules from '../src/index.js';

// Every export of the package has TSDoc with an @example that type-checks against the package and
// runs: each `expression // => value` line of it must hold (deep equality).

const testDir = fileURLToPath(new URL('.', import.meta.url));
const indexFile = fileURLToPath(new URL('../src/index.ts', import.meta.url));
const options: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2023.d.ts'],
  types: [],
  strict: true,
  noUncheckedIndexedAccess: true,
  skipLibCheck: true,
  noEmit: true,
};

type Example = { name: string; code: string };

/** Every export of the package's entry with the code of its @example (empty when it has none). */
function examplesOfExports(): Example[] {
  const program = ts.createProgram([indexFile], options);
  const checker = program.getTypeChecker();
  const entry = checker.getSymbolAtLocation(program.getSourceFile(indexFile)!)!;
  return checker.getExportsOfModule(entry).map((exported) => {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const docs = (symbol.declarations ?? []).flatMap((declaration) => ts.getJSDocCommentsAndTags(declaration)).filter(ts.isJSDoc);
    const lines = docs.flatMap((doc) => doc.getText().split('\n').map((line) => line.replace(/^\s*(\/\*\*|\*\/|\*) ?/, '').replace(/\*\/$/, '')));
    const start = lines.findIndex((line) => line.startsWith('@example'));
    const end = lines.findIndex((line, at) => at > start && line.startsWith('@'));
    const body = start < 0 ? [] : lines.slice(start + 1, end < 0 ? undefined : end);
    const code = body
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const at = line.indexOf(' // => ');
        return at < 0 ? line : `check(${line.slice(0, at)}, ${line.slice(at + 7)});`;
      })
      .join('\n');
    return { name: exported.name, code };
  });
}

const examples = examplesOfExports();

describe('the examples of every export', () => {
  it('exist, with at least one checked line each', () => {
    expect(examples.length).toBeGreaterThan(100);
    expect(examples.filter((example) => !example.code.includes('check(')).map((example) => example.name)).toEqual([]);
  });

  it('type-check against the package', () => {
    const names = examples.map((example) => example.name);
    const files = new Map(
      examples.map(({ name, code }) => [
        `${testDir}example-${name}.ts`,
        `import { ${names.join(', ')} } from '../src/index.js';\ndeclare function check(actual: unknown, expected: unknown): void;\n${code}\n`,
      ]),
    );
    const host = ts.createCompilerHost(options);
    const { getSourceFile, fileExists, readFile } = host;
    host.fileExists = (file) => files.has(file) || fileExists(file);
    host.readFile = (file) => files.get(file) ?? readFile(file);
    host.getSourceFile = (file, language, ...rest) =>
      files.has(file) ? ts.createSourceFile(file, files.get(file)!, language) : getSourceFile(file, language, ...rest);
    const program = ts.createProgram([...files.keys()], options, host);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((diagnostic) => diagnostic.file && files.has(diagnostic.file.fileName))
      .map((diagnostic) => `${diagnostic.file!.fileName.slice(testDir.length)}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`);
    expect(problems).toEqual([]);
  }, 120_000);

  it('are in the API reference (docs/README.md, made by npm run docs)', () => {
    const reference = readFileSync(new URL('../docs/README.md', import.meta.url), 'utf8');
    // Headings escape underscores and end functions with ().
    const listed = (name: string) => [`\n### ${name.replaceAll('_', '\\_')}\n`, `\n### ${name}()\n`].some((heading) => reference.includes(heading));
    expect(examples.filter(({ name }) => !listed(name)).map(({ name }) => name)).toEqual([]);
  });

  it.each(examples.filter((example) => example.code !== ''))('$name runs as written', ({ code }) => {
    const javascript = ts.transpileModule(code, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
    const check = (actual: unknown, expected: unknown) => expect(actual).toEqual(expected);
    runInNewContext(javascript, { ...rules, check });
  });
});

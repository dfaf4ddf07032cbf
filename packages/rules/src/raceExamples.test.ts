import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as rules from './index.js';

// The @example blocks of the race, what-if, matchday, pick and rank-history rules run as written:
// each `expression // => value` line must hold.
const FILES = ['race.ts', 'whatIf.ts', 'matchdays.ts', 'pickShares.ts', 'rankSteps.ts'];

function examplesOf(file: string): { name: string; code: string }[] {
  const source = readFileSync(new URL(file, import.meta.url), 'utf8');
  const examples: { name: string; code: string }[] = [];
  for (const comment of source.matchAll(/\/\*\*([\s\S]*?)\*\/\s*export (?:function|const|type) (\w+)/g)) {
    const lines = comment[1]!.split('\n').map((line) => line.replace(/^\s*\* ?/, ''));
    const start = lines.findIndex((line) => line.startsWith('@example'));
    if (start < 0) continue;
    const body = lines.slice(start + 1).filter((line) => line.trim() !== '');
    const code = body
      .map((line) => {
        const [expression, expected] = line.split(' // => ');
        return expected === undefined ? line : `check(${expression}, ${expected});`;
      })
      .join('\n');
    examples.push({ name: comment[2]!, code });
  }
  return examples;
}

describe.each(FILES)('the examples of %s', (file) => {
  const examples = examplesOf(file);
  it('are there', () => expect(examples.length).toBeGreaterThan(0));
  it.each(examples)('$name', ({ code }) => {
    const javascript = ts.transpileModule(code, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
    let checks = 0;
    const check = (actual: unknown, expected: unknown) => {
      checks++;
      expect(actual).toEqual(expected);
    };
    runInNewContext(javascript, { ...rules, check });
    expect(checks).toBeGreaterThan(0);
  });
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const german = JSON.parse(readFileSync(require.resolve('@scorecast/ui/locales/locale.de.json'), 'utf8')) as Record<string, unknown>;

/** Every text of a locale with its key path. */
function textsOf(tree: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : textsOf(value as Record<string, unknown>, `${prefix}${key}.`),
  );
}

// A fresh player read "Gesperrt: dieser Teil des Turniers hat begonnen.": in German a whole sentence
// after a colon starts with a capital. Only a list (not a sentence) may go on in lower case.
const LISTS_AFTER_A_COLON = new Set(['validation.invalidCharacters']);

describe('the German texts', () => {
  it('start a sentence after a colon with a capital', () => {
    const lowerAfterColon = textsOf(german).filter(([key, text]) => /:\s+\p{Ll}/u.test(text) && !LISTS_AFTER_A_COLON.has(key)).map(([key]) => key);
    expect(lowerAfterColon).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { teamNamer, teamTexts, type Translate } from './index.js';

const namerOf = (language: 'en' | 'de') => {
  const texts = teamTexts(language);
  const t: Translate = (key, options) => {
    const text = key.split('.').slice(1).reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], texts);
    return typeof text === 'string' ? text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name])) : String(options['defaultValue'] ?? key);
  };
  return teamNamer(language, t);
};

describe('a placeholder of several groups', () => {
  // At 390 px "Dritter Gruppe A/B/C/D/F" broke after a slash, an F alone on the next line.
  it.each(['en', 'de'] as const)('keeps its group letters together in %s: a word joiner after each slash', (language) => {
    const name = namerOf(language)('3A/B/C/D/F');
    expect(name.replace(/\u2060/g, '')).toMatch(/\sA\/B\/C\/D\/F$/);
    expect(name).toContain('A/\u2060B/\u2060C/\u2060D/\u2060F');
  });
});

import { describe, expect, it } from 'vitest';
import { resources } from './resources';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

const english = flatten(resources.en);
const nepali = flatten(resources.ne);
const interpolations = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

/** Strings that are the same in both languages on purpose (or placeholders alone). */
const sameInBoth = new Set(['language.switchTo', 'vitals.chart.title']);

describe('translations', () => {
  it('have the same keys in English and Nepali', () => {
    expect([...nepali.keys()].filter((key) => !english.has(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !nepali.has(key))).toEqual([]);
  });

  it('have no empty text', () => {
    for (const [key, text] of [...english, ...nepali]) {
      expect(text.trim(), key).not.toBe('');
    }
  });

  it('keep the same {{placeholders}} in both languages', () => {
    for (const [key, text] of english) {
      expect(interpolations(nepali.get(key) ?? ''), key).toEqual(interpolations(text));
    }
  });

  it('write Nepali in Devanagari', () => {
    const devanagari = /[\u0900-\u097F]/;
    for (const [key, text] of nepali) {
      // A text of placeholders and signs alone ("{{name}} · {{dose}}") has no words to translate.
      const words = (english.get(key) ?? '').replace(/\{\{\w+\}\}/g, '');
      if (sameInBoth.has(key) || !/[a-z]/i.test(words)) continue;
      expect(text, key).toMatch(devanagari);
    }
  });
});

/**
 * Every feature's pair of files, those that come with their pages (`lib/page-strings.ts`)
 * included: a screen whose strings are not bundled must still say everything in Nepali.
 */
const localeFiles = import.meta.glob<Tree>(
  ['../../**/locales/*.json', '../../lib/*-locales/*.json'],
  {
    eager: true,
    import: 'default',
  },
);

describe('each feature’s strings', () => {
  const pairs = Object.keys(localeFiles)
    .filter((file) => file.endsWith('/en.json'))
    .map((file) => [file, file.replace(/en\.json$/, 'ne.json')] as const);

  it('are found', () => {
    expect(pairs.length).toBeGreaterThan(20);
  });

  it.each(pairs)('%s has a Nepali twin with the same keys and placeholders', (en, ne) => {
    const english = flatten(localeFiles[en]!);
    const nepali = flatten(localeFiles[ne] ?? {});
    expect([...english.keys()].filter((key) => !nepali.has(key))).toEqual([]);
    expect([...nepali.keys()].filter((key) => !english.has(key))).toEqual([]);
    for (const [key, text] of english) {
      expect(interpolations(nepali.get(key) ?? ''), key).toEqual(interpolations(text));
    }
  });
});

import { FluentResource } from '@fluent/bundle';
import { describe, expect, it } from 'vitest';
import { readFluentSources } from '../../src/text/i18n.js';
import { messageVariables } from './fluent-variables.js';

// Every line that starts a message or a term: Fluent continuation lines are indented.
const ENTRY_LINE = /^(-?[a-zA-Z][a-zA-Z0-9_-]*)[ \t]*=/gm;

interface LocaleFile {
  name: string;
  source: string;
}

async function load(locale: 'en' | 'fa'): Promise<LocaleFile[]> {
  return readFluentSources(locale);
}

const keysByLine = (source: string) => [...source.matchAll(ENTRY_LINE)].map((match) => match[1]!);

describe('the English and Persian messages', async () => {
  const en = await load('en');
  const fa = await load('fa');

  it('come in the same locale files', () => {
    expect(en.length).toBeGreaterThan(0);
    expect(fa.map((f) => f.name)).toEqual(en.map((f) => f.name));
  });

  it.each(en.map((file) => file.name))('have the same keys in both languages of the locale file ending %s', (name) => {
    const english = keysByLine(en.find((f) => f.name === name)!.source).sort();
    const persian = keysByLine(fa.find((f) => f.name === name)!.source).sort();
    expect(persian.filter((key) => !english.includes(key)), 'only in Persian').toEqual([]);
    expect(english.filter((key) => !persian.includes(key)), 'only in English').toEqual([]);
  });

  it('have no key twice within a language', () => {
    for (const files of [en, fa]) {
      const keys = files.flatMap((file) => keysByLine(file.source));
      expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    }
  });

  it('all parse as Fluent: no entry is dropped as junk', () => {
    for (const file of [...en, ...fa]) {
      const parsed = new FluentResource(file.source).body.map((entry) => entry.id);
      expect(parsed, file.name).toEqual(keysByLine(file.source));
    }
  });

  it('use the same variables in both languages', () => {
    const english = new Map(en.flatMap((file) => [...messageVariables(file.source)]));
    const persian = new Map(fa.flatMap((file) => [...messageVariables(file.source)]));
    const differing = [...english].filter(([key, names]) => persian.has(key) && persian.get(key)!.join() !== names.join());
    expect(differing.map(([key, names]) => `${key}: en {${names.join(', ')}} fa {${persian.get(key)!.join(', ')}}`)).toEqual([]);
  });
});

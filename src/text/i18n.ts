import { readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { projectFile } from '../project-files.js';
import { fluentMessagesOf, type FluentMessages } from './fluent-on-demand.js';

/**
 * The Fluent sources: one folder per language, one `.ftl` file per feature,
 * so translators' tools open them as they are. They are read where they are
 * kept, in the checkout's src/text/locales, by the built program too; every
 * file in the folder is loaded, in name order.
 */
const LOCALES_DIR = pathToFileURL(`${projectFile('src', 'text', 'locales')}/`);

export function readFluentSources(locale: Locale): { name: string; source: string }[] {
  const dir = new URL(`${locale}/`, LOCALES_DIR);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ftl'))
    .sort()
    .map((name) => ({ name, source: readFileSync(new URL(name, dir), 'utf8') }));
}

/** Every source of a language as one Fluent text. */
export const sourceOf = (locale: Locale): string =>
  readFluentSources(locale)
    .map((file) => file.source)
    .join('\n');

export const LOCALES = ['en', 'fa'] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Picks our locale from a Telegram language code such as 'fa-IR' or 'en-US'. */
export function localeFromLanguageCode(code: string | undefined): Locale | undefined {
  const base = code?.toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : undefined;
}

export type Translate = (key: string, variables?: Record<string, string | number>) => string;

/**
 * One set of messages per language, from the same sources, for translate
 * functions bound to a language, and for every update through
 * bot/middleware/reader-language.ts. grammY's i18n plugin, used before,
 * negotiated the language again for every message it formatted, which an
 * order step paid for each of its dozen lines; a bound language needs none
 * of that. Each message is parsed when it is first formatted
 * (fluent-on-demand.ts), not all of them at start.
 */
const languages = new Map<Locale, FluentMessages>();

function messagesOf(locale: Locale): FluentMessages {
  let messages = languages.get(locale);
  if (messages === undefined) {
    messages = fluentMessagesOf(locale, sourceOf(locale));
    languages.set(locale, messages);
  }
  return messages;
}

/**
 * A translate function bound to one locale: the order conversation, and
 * code that runs outside an update. A message missing in Persian falls
 * back to English, as the i18n plugin does; one missing in both shows its
 * key.
 */
export function translatorFor(locale: Locale): Translate {
  const own = messagesOf(locale);
  const english = messagesOf('en');
  return (key, variables) => {
    const found = (own.hasMessage(key) ? own : english).message(key);
    const pattern = found?.message.value;
    return found && pattern ? found.bundle.formatPattern(pattern, variables) : key;
  };
}

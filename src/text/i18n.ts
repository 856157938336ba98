import { readdirSync, readFileSync } from 'node:fs';
import { FluentBundle, FluentResource } from '@fluent/bundle';
import { I18n } from '@grammyjs/i18n';

/**
 * The Fluent sources: one folder per language, one `.ftl` file per feature,
 * so translators' tools open them as they are. The build copies the folder
 * beside the compiled module; every file in it is loaded, in name order.
 */
const LOCALES_DIR = new URL('./locales/', import.meta.url);

export function readFluentSources(locale: Locale): { name: string; source: string }[] {
  const dir = new URL(`${locale}/`, LOCALES_DIR);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ftl'))
    .sort()
    .map((name) => ({ name, source: readFileSync(new URL(name, dir), 'utf8') }));
}

const sourceOf = (locale: Locale): string =>
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
 * Fluent translations. `useIsolating: false` keeps Unicode isolation marks
 * out of messages: they would end up in copied IDs.
 */
export function createI18n<C extends import('grammy').Context>(
  defaultLocale: Locale,
  localeNegotiator?: (ctx: C) => Locale | undefined | Promise<Locale | undefined>,
): I18n<C> {
  const i18n = new I18n<C>({
    defaultLocale,
    fluentBundleOptions: { useIsolating: false },
    ...(localeNegotiator ? { localeNegotiator } : {}),
  });
  for (const locale of LOCALES) i18n.loadLocaleSync(locale, { source: sourceOf(locale) });
  return i18n;
}

/**
 * One Fluent bundle per language, from the same sources, for translate
 * functions bound to a language. The i18n plugin negotiates the language
 * again for every message it formats (it lists its bundles and runs
 * language negotiation per call), which an order step paid for each of
 * its dozen lines; a bound language needs none of that.
 */
const bundles = new Map<Locale, FluentBundle>();

function bundleOf(locale: Locale): FluentBundle {
  let bundle = bundles.get(locale);
  if (bundle === undefined) {
    bundle = new FluentBundle(locale, { useIsolating: false });
    bundle.addResource(new FluentResource(sourceOf(locale)));
    bundles.set(locale, bundle);
  }
  return bundle;
}

/**
 * A translate function bound to one locale: the order conversation, and
 * code that runs outside an update. A message missing in Persian falls
 * back to English, as the i18n plugin does; one missing in both shows its
 * key.
 */
export function translatorFor(locale: Locale): Translate {
  const own = bundleOf(locale);
  const english = bundleOf('en');
  const written = writtenFor(locale);
  return (key, variables) => {
    const bundle = own.hasMessage(key) ? own : english;
    const pattern = bundle.getMessage(key)?.value;
    return pattern ? written(bundle.formatPattern(pattern, variables)) : key;
  };
}

// Letters only: Persian and Arabic digits and punctuation are weak and set no direction.
const RIGHT_TO_LEFT_LETTERS = '\\u05D0-\\u05EA\\u0620-\\u064A\\u066E-\\u06D3\\u06D5\\u06EE\\u06EF\\u06FA-\\u06FF\\u0750-\\u077F\\u08A0-\\u08FF\\uFB1D-\\uFDFF\\uFE70-\\uFEFC';
const FIRST_STRONG = new RegExp(`[A-Za-z\\u00C0-\\u024F\\u0370-\\u03FF\\u0400-\\u04FF${RIGHT_TO_LEFT_LETTERS}]`, 'u');
const RIGHT_TO_LEFT = new RegExp(`[${RIGHT_TO_LEFT_LETTERS}]`, 'u');
const RLM = '\u200F';

/**
 * A Persian message as a phone should lay it out. Telegram sets each line's
 * direction by its first strong letter, so a Persian line that opens with a
 * Latin product or person name ("Google Play 10 USD × ۲", "Ada سفارش شما را
 * تأیید کرد") would run left to right, its full stop at the wrong end. Such
 * a line gets a right-to-left mark in front; lines that open in Persian, and
 * every English message, are left as they are.
 */
export function rightToLeftLines(text: string): string {
  if (!text.includes('\n')) return opensLeftToRight(text) ? RLM + text : text;
  return text
    .split('\n')
    .map((line) => (opensLeftToRight(line) ? RLM + line : line))
    .join('\n');
}

function opensLeftToRight(line: string): boolean {
  // A line that opens with a command keeps it first: after a mark, Telegram would no longer make it tappable.
  if (line.startsWith('/')) return false;
  const first = FIRST_STRONG.exec(line)?.[0];
  return first !== undefined && !RIGHT_TO_LEFT.test(first) && !line.startsWith(RLM);
}

/** What a translation in this language goes through before it is shown. */
const writtenFor = (locale: Locale): ((text: string) => string) => (locale === 'fa' ? rightToLeftLines : (text) => text);

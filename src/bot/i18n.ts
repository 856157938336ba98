import { I18n } from '@grammyjs/i18n';
import { enDelivery } from './locales/en-delivery.js';
import { enOrder } from './locales/en-order.js';
import { enOrderingPause } from './locales/en-ordering-pause.js';
import { enProvider } from './locales/en-provider.js';
import { enReconcile } from './locales/en-reconcile.js';
import { enReview } from './locales/en-review.js';
import { enStartup } from './locales/en-startup.js';
import { enSweep } from './locales/en-sweep.js';
import { enTracking } from './locales/en-tracking.js';
import { en } from './locales/en.js';
import { faDelivery } from './locales/fa-delivery.js';
import { faOrder } from './locales/fa-order.js';
import { faOrderingPause } from './locales/fa-ordering-pause.js';
import { faProvider } from './locales/fa-provider.js';
import { faReconcile } from './locales/fa-reconcile.js';
import { faReview } from './locales/fa-review.js';
import { faStartup } from './locales/fa-startup.js';
import { faSweep } from './locales/fa-sweep.js';
import { faTracking } from './locales/fa-tracking.js';
import { fa } from './locales/fa.js';

/** One Fluent source per language, kept in a file per feature. */
const SOURCES = {
  en: [en, enDelivery, enTracking, enReview, enOrderingPause, enProvider, enReconcile, enOrder, enSweep, enStartup].join('\n'),
  fa: [fa, faDelivery, faTracking, faReview, faOrderingPause, faProvider, faReconcile, faOrder, faSweep, faStartup].join('\n'),
};

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
 * Fluent translations. Sources live in TypeScript modules so that the build
 * carries them without copying files. `useIsolating: false` keeps Unicode
 * isolation marks out of messages: they would end up in copied IDs.
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
  i18n.loadLocaleSync('en', { source: SOURCES.en });
  i18n.loadLocaleSync('fa', { source: SOURCES.fa });
  return i18n;
}

/** A translate function bound to one locale, for code that runs outside an update. */
export function translatorFor(i18n: I18n<never> | I18n<any>, locale: Locale): Translate {
  return (key, variables) => i18n.t(locale, key, variables);
}

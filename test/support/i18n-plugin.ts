import type { Context } from 'grammy';
import { I18n } from '@grammyjs/i18n';
import { LOCALES, sourceOf, type Locale } from '../../src/text/i18n.js';

/**
 * grammY's i18n plugin over giftdesk's Fluent sources, as the bot used it
 * before its own language middleware (src/bot/middleware/reader-language.ts):
 * an independent reading of the same texts that the bound translators are
 * checked against. `useIsolating: false` keeps Unicode isolation marks out.
 */
export function createI18n<C extends Context>(defaultLocale: Locale): I18n<C> {
  const i18n = new I18n<C>({ defaultLocale, fluentBundleOptions: { useIsolating: false } });
  for (const locale of LOCALES) i18n.loadLocaleSync(locale, { source: sourceOf(locale) });
  return i18n;
}

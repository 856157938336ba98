import type { Context, MiddlewareFn } from 'grammy';
import { localeFromLanguageCode, type Locale, type Translate } from '../../text/i18n.js';

/** What the language middleware puts on every update's context. */
export interface LanguageFlavor {
  /** The reader's text for a key, in the update's language. */
  t: Translate;
  translate: Translate;
  i18n: {
    /** Switches this update's translations, after a language was chosen. */
    useLocale(locale: Locale): void;
  };
}

/**
 * The reader's language for the update: a staff member's chosen one, else
 * the language Telegram reports for the sender when giftdesk has it, else
 * the default. The translations themselves are the bound translators of
 * text/i18n.ts, one per language, loaded once: grammY's i18n plugin did the
 * same with a second copy of every bundle, and cost about as much to load at
 * start-up as grammY itself (docs/performance.md, "Start-up").
 */
export function readerLanguage<C extends Context & LanguageFlavor>(deps: {
  defaultLocale: Locale;
  localeOf: (ctx: C) => Locale | undefined;
  translate: (locale: Locale) => Translate;
}): MiddlewareFn<C> {
  return (ctx, next) => {
    let translate = deps.translate(deps.localeOf(ctx) ?? localeFromLanguageCode(ctx.from?.language_code) ?? deps.defaultLocale);
    ctx.translate = (key, variables) => translate(key, variables);
    ctx.t = ctx.translate;
    ctx.i18n = {
      useLocale(locale) {
        translate = deps.translate(locale);
      },
    };
    return next();
  };
}

import type { BaseContext, Presentation } from './context.js';
import type { Locale, Translate } from '../text/i18n.js';

/** Everything a view needs to speak to the person behind this update: their words and language, and the deployment's presentation. */
export type ReaderView = Presentation & { t: Translate; locale: Locale };

export function readerView(ctx: BaseContext): ReaderView {
  return { t: ctx.t, locale: ctx.member.locale, ...ctx.presentation };
}

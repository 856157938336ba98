import type { BaseContext } from './context.js';
import type { ReaderView } from '../text/presentation.js';

export type { ReaderView } from '../text/presentation.js';

/** The person behind this update as a view speaks to them: their words and language, and the deployment's presentation. */
export function readerView(ctx: BaseContext): ReaderView {
  return { t: ctx.t, locale: ctx.member.locale, ...ctx.presentation };
}

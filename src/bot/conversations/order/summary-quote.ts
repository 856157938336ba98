import type { ProductDetail } from '../../../provider/schemas.js';
import { formatNumber } from '../../../text/format.js';
import type { Translate } from '../../../text/i18n.js';
import type { Trouble } from '../../provider-trouble.js';
import { cartLines, openLine, resumeCart } from './cart.js';
import type { Draft } from './draft.js';
import type { Fetched, Quote } from './order-types.js';
import { refreshCart, type QuoteChanges } from './quote.js';
import type { ViewContext } from './views.js';

/**
 * What the summary makes of the fresh reads of every line:
 * 'unchecked': a read failed, so no Confirm (the reason is said);
 * 'step': a line needs the staff member first (its product or region is gone), with why;
 * 'fresh': the draft on the numbers read, with what changed per line.
 */
type JudgedQuote =
  | { kind: 'unchecked'; reason: string }
  | { kind: 'step'; draft: Draft; notice: string }
  | { kind: 'fresh'; draft: Draft; changes: QuoteChanges[] };

export function judgeQuote(v: ViewContext, draft: Draft, quote: Quote, troubleText: (t: Translate, trouble: Trouble) => string): JudgedQuote {
  const { t, locale } = v;
  const lines = cartLines(draft);
  const failed = quote.details.findIndex((detail) => !detail.ok);
  if (failed >= 0) {
    const { trouble } = quote.details[failed] as Extract<Fetched<ProductDetail>, { ok: false }>;
    if (trouble === 'not-found' && lines.length > 1) {
      // One product of several is gone: its line's menu, to remove it; the rest is kept.
      const opened = openLine(draft, failed) ?? draft;
      return { kind: 'step', draft: opened, notice: t('cart-line-product-gone', { index: formatNumber(failed + 1, locale), product: lines[failed]!.product.title }) };
    }
    return { kind: 'unchecked', reason: trouble === 'not-found' ? t('order-product-gone') : troubleText(t, trouble) };
  }
  const refreshed = refreshCart(draft, quote.details.map((detail) => (detail.ok ? detail.value : null)));
  const gone = refreshed.changes.regionGone;
  if (gone !== null) {
    const notice =
      lines.length > 1
        ? t('cart-line-region-gone', { index: formatNumber(gone.index + 1, locale), product: lines[gone.index]!.product.title, region: gone.title })
        : t('summary-region-gone', { region: gone.title });
    return { kind: 'step', draft: refreshed.draft, notice };
  }
  const asksMore = refreshed.changes.asksMore;
  if (asksMore !== null) {
    // A product that now asks a new question: that question first, then the summary again.
    return { kind: 'step', draft: resumeCart(refreshed.draft), notice: t('cart-line-asks-more', { product: lines[asksMore.index]!.product.title }) };
  }
  return { kind: 'fresh', draft: refreshed.draft, changes: refreshed.changes.lines };
}

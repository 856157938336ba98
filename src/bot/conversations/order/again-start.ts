import type { Conversation } from '@grammyjs/conversations';
import type { Context } from 'grammy';
import type { ProductDetail } from '../../../provider/schemas.js';
import { formatNumber } from '../../../text/format.js';
import type { BotContext } from '../../context.js';
import { cartLines } from './cart.js';
import { chosenRegion, newDraft, type Draft } from './draft.js';
import type { OrderReads } from './order-reads.js';
import type { OrderConversationDeps, Quote } from './order-types.js';
import { keptPurpose } from './purpose-step.js';
import { cartFromPastOrder, type PastLineChange, type PastOrder } from './past-order.js';
import type { Notice, ViewContext } from './views.js';
import { showAmount } from '../../../text/presentation.js';

/**
 * "Order again": every line of the past order on its product as the
 * provider describes it now. The numbers read here are the summary's own,
 * so they are read once (`prefetched`); Confirm keeps all of its checks.
 * What cannot be repeated is said in one line per line, at the step that
 * asks for it.
 */
export async function startFromPast(
  tools: { conversation: Conversation<BotContext, Context>; deps: OrderConversationDeps; readQuote: OrderReads['readQuote']; view: ViewContext },
  past: PastOrder,
): Promise<{ draft: Draft; notice: Notice; prefetched: Quote | null }> {
  const { conversation, deps, view } = tools;
  const { t } = view;
  // A product administrators hid is not read from the provider: its line is left out, saying why.
  const found = await conversation.external(async () =>
    Promise.all(past.lines.map(async (line) => {
      const product = await deps.catalog.product(line.productId);
      return product === null ? 'gone' : product.hidden ? 'hidden' : 'listed';
    })),
  );
  const listed = found.map((state) => state === 'listed');
  const asked = past.lines.filter((_, index) => listed[index]).map((line) => line.productId);
  const quote = asked.length > 0 ? await tools.readQuote(asked) : null;
  const failed = quote?.details.find((detail) => !detail.ok && detail.trouble !== 'not-found');
  if (failed && !failed.ok) {
    return { draft: newDraft(), notice: t(`${wordsOf(past)}-unchecked`, { order: past.name, reason: deps.troubleText(t, failed.trouble) }), prefetched: null };
  }
  let read = 0;
  const products: (ProductDetail | null)[] = past.lines.map((_, index) => {
    if (!listed[index]) return null;
    const detail = quote!.details[read++]!;
    return detail.ok ? detail.value : null;
  });
  const { draft: started, changes: fromProvider } = cartFromPastOrder(past, products);
  const draft = await keptPurpose({ conversation, reads: deps.costCentres, view }, started, past.purpose);
  const changes = fromProvider.map((line) => (found[line.index] === 'hidden' ? { ...line, change: { kind: 'product-hidden' as const } } : line));
  // Every line came back as it was: the reads are the summary's, in its line order.
  const prefetched = changes.length === 0 && quote && asked.length === cartLines(draft).length ? quote : null;
  return { draft, notice: againNotice(view, deps, past, draft, changes), prefetched };
}

/** The prefix of the texts that say what changed: a past order's, or a favourite's. */
const wordsOf = (past: PastOrder) => past.words ?? 'again';

function againNotice(view: ViewContext, deps: OrderConversationDeps, past: PastOrder, draft: Draft, changes: PastLineChange[]): Notice {
  const { t, locale } = view;
  const money = (value: number) => showAmount(view, value);
  if (past.lines.length === 1) {
    const change = changes[0]?.change;
    if (change) return t(`${wordsOf(past)}-${change.kind}`, { order: past.name });
    const line = cartLines(draft)[0];
    // A favourite product still asks its quantity: its line is not finished, its region is.
    const price = line ? line.product.regionProperties.find((r) => r.regionPropertyId === line.regionPropertyId)?.price : chosenRegion(draft)?.price;
    const then = past.lines[0]!.unitPrice;
    if (price === undefined || then === null || price === then) return null;
    return t(`${wordsOf(past)}-price-changed`, { order: past.name, from: money(then), to: money(price) });
  }
  const said = changes.map(({ index, change }) =>
    t(`${wordsOf(past)}-line-${change.kind}`, { order: past.name, index: formatNumber(index + 1, locale), product: past.lines[index]!.title }),
  );
  for (const line of cartLines(draft)) {
    const then = past.lines.find((pastLine) => pastLine.productId === line.product.id);
    const price = line.product.regionProperties.find((r) => r.regionPropertyId === line.regionPropertyId)?.price;
    if (then && then.unitPrice !== null && price !== undefined && price !== then.unitPrice) {
      said.push(t('again-line-price-changed', { product: then.title, from: money(then.unitPrice), to: money(price) }));
    }
  }
  return said.length === 0 ? null : said.join('\n');
}

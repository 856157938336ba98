import type { Conversation } from '@grammyjs/conversations';
import type { Context } from 'grammy';
import type { Translate } from '../../../text/i18n.js';
import type { BotContext } from '../../context.js';
import { cartLines, currentIndex, lineIndexOfProduct, openLine } from './cart.js';
import { chooseProduct, type Draft } from './draft.js';
import type { OrderReads } from './order-reads.js';
import type { OrderConversationDeps } from './order-types.js';
import type { Notice } from './views.js';

interface PickTools {
  conversation: Conversation<BotContext, Context>;
  deps: OrderConversationDeps;
  reads: Pick<OrderReads, 'provider' | 'fetch' | 'whileSlow'>;
  t: Translate;
}

/** A product pressed in a list: its detail read from the provider, or a notice saying why it cannot be chosen. */
export async function pickProduct(tools: PickTools, draft: Draft, productId: number): Promise<{ draft: Draft; notice: Notice }> {
  const { conversation, deps, reads, t } = tools;
  // A product appears once per order (the provider keys answers by product): its line is opened instead.
  const existing = lineIndexOfProduct(draft, productId);
  if (existing !== null && existing !== currentIndex(draft)) {
    const title = cartLines(draft)[existing]!.product.title;
    return { draft: openLine(draft, existing) ?? draft, notice: t('cart-already', { product: title }) };
  }
  // A button shown before an administrator hid the product (or forged) still names it: refused, saying why.
  // Every list is drawn from the stored catalog, so an id it does not hold came from no menu: the provider is not asked for it.
  const listed = await conversation.external(() => deps.catalog.product(productId));
  if (listed === null || listed.hidden) return { draft, notice: t(listed === null ? 'order-product-gone' : 'order-product-hidden') };
  const detail = await reads.whileSlow(() => reads.fetch('product detail', () => reads.provider.getProduct(productId)));
  if (!detail.ok) return { draft, notice: detail.trouble === 'not-found' ? t('order-product-gone') : deps.troubleText(t, detail.trouble) };
  if (!detail.value.regionProperties.some((r) => r.stock > 0)) return { draft, notice: t('order-product-sold-out') };
  return { draft: chooseProduct(draft, detail.value), notice: null };
}

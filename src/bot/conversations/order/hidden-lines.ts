import type { Conversation } from '@grammyjs/conversations';
import type { Context } from 'grammy';
import type { BotContext } from '../../context.js';
import { cartLines, withoutProducts } from './cart.js';
import type { Draft } from './draft.js';
import type { OrderConversationDeps } from './order-types.js';
import type { ViewContext } from './views.js';

/**
 * Products an administrator hid while they sat in someone's order. The
 * summary and Confirm ask the stored catalog (a local read, no provider
 * request) before anything else: a hidden product is never quoted,
 * confirmed or sent. Its line leaves the order, saying why, and whatever
 * else the order holds is shown again to be confirmed anew.
 */
export function hiddenIn(tools: { conversation: Conversation<BotContext, Context>; deps: Pick<OrderConversationDeps, 'catalog'> }, draft: Draft): Promise<number[]> {
  const ids = cartLines(draft).map((line) => line.product.id);
  return tools.conversation.external(() => tools.deps.catalog.hiddenAmong(ids));
}

/** The order without the hidden products' lines, and the sentence that names them; `productIds` empty: all of them, as the refusal did not say. */
export function dropHidden(view: Pick<ViewContext, 't'>, draft: Draft, productIds: readonly number[]): { draft: Draft; notice: string } {
  const lines = cartLines(draft);
  const hidden = productIds.length > 0 ? lines.filter((line) => productIds.includes(line.product.id)) : lines;
  const product = hidden.map((line) => line.product.title).join(', ');
  return { draft: withoutProducts(draft, hidden.map((line) => line.product.id)), notice: view.t('order-lines-hidden', { product }) };
}

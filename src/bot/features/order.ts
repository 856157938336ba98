import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { dropOrder, type OrderMenuOf } from '../conversations/order/drop-order.js';
import type { OrderArgs } from '../conversations/order/order-conversation.js';
import { mayOrder, orderersOnly } from '../middleware/roles.js';

export const ORDER_CONVERSATION = 'order';

export interface OrderFeatureDeps {
  /** True while the first catalog of this database is still being read: there is nothing to browse yet. */
  catalogLoading: () => boolean;
  orderMenuOf: OrderMenuOf;
}

/** /order always starts afresh: an order half-way through is dropped, nothing was placed. Viewers never order. */
export function orderFeature(deps: OrderFeatureDeps) {
  const composer = new Composer<BotContext>();
  composer.command('order', orderersOnly, async (ctx) => {
    await dropOrder(ctx, deps.orderMenuOf);
    // An empty menu would read as an empty shop; say it is on its way instead.
    if (deps.catalogLoading()) {
      await ctx.reply(ctx.t('order-catalog-loading'));
      return;
    }
    const args: OrderArgs = { locale: ctx.member.locale };
    await ctx.conversation.enter(ORDER_CONVERSATION, args);
  });
  return composer;
}

/**
 * Before the order conversation: someone made a viewer while an order of
 * theirs was half-way has it dropped on their next update, so no Confirm
 * of theirs can reach the order service. The update then goes on as usual.
 */
export function dropOrdersOfViewers() {
  const composer = new Composer<BotContext>();
  composer.use(async (ctx, next) => {
    if (!mayOrder(ctx.member.role) && Object.keys(ctx.conversation.active()).length > 0) await ctx.conversation.exitAll();
    await next();
  });
  return composer;
}

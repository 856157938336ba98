import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import type { OrderArgs } from '../conversations/order/order-conversation.js';

export const ORDER_CONVERSATION = 'order';

export interface OrderFeatureDeps {
  /** True while the first catalog of this database is still being read: there is nothing to browse yet. */
  catalogLoading: () => boolean;
}

/** /order always starts afresh: an order half-way through is dropped, nothing was placed. */
export function orderFeature(deps: OrderFeatureDeps) {
  const composer = new Composer<BotContext>();
  composer.command('order', async (ctx) => {
    await ctx.conversation.exitAll();
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

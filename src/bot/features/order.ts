import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import type { OrderArgs } from '../conversations/order/order-conversation.js';

export const ORDER_CONVERSATION = 'order';

/** /order always starts afresh: an order half-way through is dropped, nothing was placed. */
export function orderFeature() {
  const composer = new Composer<BotContext>();
  composer.command('order', async (ctx) => {
    await ctx.conversation.exitAll();
    const args: OrderArgs = { locale: ctx.member.locale };
    await ctx.conversation.enter(ORDER_CONVERSATION, args);
  });
  return composer;
}

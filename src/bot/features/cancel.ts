import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { dropOrder, type OrderMenuOf } from '../conversations/order/drop-order.js';

/** Registered before the conversations, so /cancel reaches us while one is waiting. */
export function cancelFeature(deps: { orderMenuOf: OrderMenuOf }) {
  const composer = new Composer<BotContext>();
  composer.command('cancel', async (ctx) => {
    await dropOrder(ctx, deps.orderMenuOf, (dropped) => ctx.reply(ctx.t(dropped ? 'cancel-done' : 'cancel-nothing')));
  });
  return composer;
}

import { Composer } from 'grammy';
import type { Logger } from '../../logger.js';
import type { OrderQueries } from '../../db/order-queries.js';
import type { BotContext } from '../context.js';
import type { OrderArgs } from '../conversations/order/order-types.js';
import { pastOrderOf } from '../conversations/order/past-order.js';
import { AGAIN_PATTERN, parseAgain } from '../order-views/callback-data.js';
import { orderAgainRefusal } from '../order-views/order-view.js';
import { ORDER_CONVERSATION } from './order.js';
import { dropOrder, type OrderMenuOf } from '../conversations/order/drop-order.js';

/**
 * "Order again" under an order's detail: a new order with the same product,
 * region, quantity and answers, up to a fresh summary. The button is shown
 * only to whom it serves; a forged or old one is checked again here against
 * the stored order and the person's role now.
 */
export function orderAgainFeature(deps: { orders: Pick<OrderQueries, 'byId'>; catalogLoading: () => Promise<boolean>; orderMenuOf: OrderMenuOf; logger: Logger }) {
  const composer = new Composer<BotContext>();
  composer.callbackQuery(AGAIN_PATTERN, async (ctx) => {
    const orderId = parseAgain(ctx.callbackQuery.data);
    const row = orderId === null ? null : await deps.orders.byId(orderId);
    if (!row || !ctx.chat) {
      await ctx.answerCallbackQuery({ text: ctx.t('track-gone') });
      return;
    }
    const refusal = orderAgainRefusal({ telegramId: ctx.member.telegramId, role: ctx.member.role }, row);
    if (refusal) {
      deps.logger.warn({ orderId: row.id, actorId: ctx.member.telegramId, role: ctx.member.role, refusal }, 'refused to order again');
      await ctx.answerCallbackQuery({ text: ctx.t(refusal), show_alert: true });
      return;
    }
    await ctx.answerCallbackQuery();
    // Like /order: an order half-way through is dropped, nothing of it was placed.
    await dropOrder(ctx, deps.orderMenuOf, async () => {
      if (await deps.catalogLoading()) return ctx.reply(ctx.t('order-catalog-loading'));
      const args: OrderArgs = { locale: ctx.member.locale, again: pastOrderOf(row) };
      return ctx.conversation.enter(ORDER_CONVERSATION, args);
    });
  });
  return composer;
}

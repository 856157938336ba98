import { Composer } from 'grammy';
import type { ApprovalService } from '../../orders/approval-service.js';
import type { OrderQueries } from '../../db/order-queries.js';
import type { BaseContext } from '../context.js';
import { confirmKeyOf } from '../conversations/order/actions.js';
import { removeKeyboard } from '../send.js';
import { formatId } from '../../text/format.js';
import { orderName } from '../order-views/order-view.js';

/**
 * A Confirm pressed again after its order was placed (a double tap, or an
 * older summary still on screen) reaches no conversation: instead of "this
 * menu has expired", it is told what became of the order that Confirm made,
 * and the pressed message loses its buttons. Only the orderer's own presses
 * are answered so; anything else goes on to the "menu expired" answer.
 */
export function confirmedPressFeature(deps: {
  orders: Pick<OrderQueries, 'byConfirmKey'>;
  approvals?: Pick<ApprovalService, 'byConfirmKey'>;
}) {
  const composer = new Composer<BaseContext>();

  async function answerFor(ctx: BaseContext, key: string): Promise<string | null> {
    const me = ctx.member.telegramId;
    const order = await deps.orders.byConfirmKey(key);
    if (order && order.userId === me) {
      if (order.state === 'not_placed' || order.state === 'rejected') return ctx.t('order-already-confirmed-not-placed');
      return ctx.t('order-already-confirmed', { reference: orderName(order), state: ctx.t(`track-state-${order.state}`) });
    }
    const approval = await deps.approvals?.byConfirmKey(key);
    if (approval && approval.requesterId === me) return ctx.t('order-already-requested', { id: formatId(approval.id, ctx.member.locale), state: approval.state });
    return null;
  }

  composer.on('callback_query:data', async (ctx, next) => {
    const key = confirmKeyOf(ctx.callbackQuery.data);
    const answer = key === null ? null : await answerFor(ctx, key);
    if (answer === null) return next();
    await ctx.answerCallbackQuery({ text: answer, show_alert: true });
    const messageId = ctx.callbackQuery.message?.message_id;
    if (ctx.chat && messageId !== undefined) await removeKeyboard(ctx.api, ctx.chat.id, messageId);
  });

  return composer;
}

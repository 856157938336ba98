import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { dropOrder, type OrderMenuOf } from '../conversations/order/drop-order.js';
import type { OrderArgs } from '../conversations/order/order-types.js';
import { mayOrder, orderersOnly } from '../middleware/roles.js';
import type { OrderingPause } from '../../db/ordering-pause-store.js';
import { pauseStatusText } from '../ordering-pause-text.js';
import { readerView } from '../reader-view.js';

export const ORDER_CONVERSATION = 'order';

interface OrderFeatureDeps {
  /** True while the first catalog of this database is still being read: there is nothing to browse yet. */
  catalogLoading: () => Promise<boolean>;
  /** The ordering pause in force, or null while ordering is open. */
  orderingPaused: () => Promise<Pick<OrderingPause, 'source' | 'reason' | 'since'> | null>;
  orderMenuOf: OrderMenuOf;
}

/**
 * /order always starts afresh: an order half-way through is dropped, nothing was placed. Viewers never order.
 * While ordering is paused it says so at once instead of asking questions no Confirm would follow, and
 * keeps an order half-way: its owner is told at /resume that they can go on with it.
 */
export function orderFeature(deps: OrderFeatureDeps) {
  const composer = new Composer<BotContext>();
  composer.command('order', orderersOnly, async (ctx) => {
    // Both are read at once: on a database server each is a round trip.
    const [pause, loading] = await Promise.all([deps.orderingPaused(), deps.catalogLoading()]);
    if (pause) {
      const kept = Object.keys(ctx.conversation.active()).length > 0;
      const status = pauseStatusText(readerView(ctx), pause);
      await ctx.reply(`${status}\n${ctx.t(kept ? 'ordering-paused-order-kept' : 'ordering-paused-order-later')}`);
      return;
    }
    await dropOrder(ctx, deps.orderMenuOf, async () => {
      // An empty menu would read as an empty shop; say it is on its way instead.
      if (loading) return ctx.reply(ctx.t('order-catalog-loading'));
      const args: OrderArgs = { locale: ctx.member.locale };
      return ctx.conversation.enter(ORDER_CONVERSATION, args);
    });
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

import { Composer } from 'grammy';
import type { OrderQueries, OrderScope } from '../../orders/order-queries.js';
import type { DescribePerson } from '../../people/describe-person.js';
import { normaliseDigits } from '../../text/digits.js';
import type { BaseContext } from '../context.js';
import { LIST_PATTERN, parseList, type ListRef } from '../tracking/callback-data.js';
import { showInPlace } from '../tracking/in-place.js';
import { orderListView, type ListAudience } from '../tracking/list-view.js';
import { readsEveryone } from '../middleware/roles.js';
import { sendFormatted } from '../send.js';
import type { AmountUnit } from '../../text/format.js';

export const ORDERS_PAGE_SIZE = 8;

const TELEGRAM_ID = /^[1-9][0-9]{0,15}$/;

/**
 * /orders              the staff member's recent orders; everyone's for administrators and viewers
 * /orders <telegram id> one person's orders (administrators and viewers)
 * Each order is a button that opens its detail (the track feature).
 */
export function ordersFeature(deps: { orders: Pick<OrderQueries, 'recent'>; amountUnit: AmountUnit; timeZone: string; sandbox: boolean; describePerson: DescribePerson }) {
  const composer = new Composer<BaseContext>();

  // Staff always see their own orders, whatever a button or an argument says.
  function audienceOf(ctx: BaseContext, userId: number | null): ListAudience {
    if (!readsEveryone(ctx.member.role)) return { kind: 'own' };
    return userId === null ? { kind: 'everyone' } : { kind: 'person', userId };
  }

  function scopeOf(ctx: BaseContext, audience: ListAudience): OrderScope {
    if (audience.kind === 'everyone') return { kind: 'everyone' };
    return { kind: 'user', userId: audience.kind === 'person' ? audience.userId : ctx.member.telegramId };
  }

  function view(ctx: BaseContext, ref: ListRef) {
    const audience = audienceOf(ctx, ref.userId);
    const page = deps.orders.recent(scopeOf(ctx, audience), { page: ref.page, pageSize: ORDERS_PAGE_SIZE });
    const v = { t: ctx.t, locale: ctx.member.locale, amountUnit: deps.amountUnit, timeZone: deps.timeZone, sandbox: deps.sandbox, describePerson: deps.describePerson };
    return orderListView(v, audience, page);
  }

  composer.command('orders', async (ctx) => {
    const argument = normaliseDigits(ctx.match.trim());
    let userId: number | null = null;
    if (argument !== '' && readsEveryone(ctx.member.role)) {
      if (!TELEGRAM_ID.test(argument)) {
        await ctx.reply(ctx.t('orders-usage'));
        return;
      }
      userId = Number(argument);
    }
    await sendFormatted(ctx.api, ctx.chat.id, view(ctx, { page: 1, userId }));
  });

  composer.callbackQuery(LIST_PATTERN, async (ctx) => {
    const ref = parseList(ctx.callbackQuery.data);
    await ctx.answerCallbackQuery();
    if (ref) await showInPlace(ctx, view(ctx, ref));
  });

  return composer;
}

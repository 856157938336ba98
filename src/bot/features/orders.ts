import { Composer } from 'grammy';
import { normaliseSearchText } from '../../text/search-text.js';
import type { PeopleStore } from '../../db/people-store.js';
import type { OrderLookup, OrderQueries, OrderScope } from '../../db/order-queries.js';
import type { DescribePerson } from '../describe-person.js';
import type { BaseContext } from '../context.js';
import { readsEveryone } from '../middleware/roles.js';
import { parseOrdersCommand, type OrdersCommand } from '../orders-input.js';
import type { PersonWord } from '../person-word.js';
import { sendFormatted } from '../send.js';
import { LIST_PATTERN, parseList, type ListRef } from '../order-views/callback-data.js';
import { showInPlace } from '../order-views/in-place.js';
import { foundOrdersView, orderListView, type ListAudience } from '../order-views/list-view.js';
import { canSee, orderName, type TrackingView } from '../order-views/order-view.js';
import { readerView } from '../reader-view.js';

const ORDERS_PAGE_SIZE = 8;

interface OrdersDeps {
  orders: Pick<OrderQueries, 'recent' | 'find' | 'withProduct'>;
  people: Pick<PeopleStore, 'findByUsername'>;
  describePerson: DescribePerson;
}

/**
 * /orders                         the staff member's recent orders; everyone's for administrators and viewers
 * /orders <telegram id|@username> one person's orders
 * /orders <#id|reference>         one order
 * /orders <product name>          the orders of products whose title contains it
 * Each order is a button that opens its detail (the track feature). Staff
 * see their own orders whatever they type: another person's @username is
 * refused, a number is read as the provider's order number, another
 * person's order is "not found", a product search covers theirs only.
 */
export function ordersFeature(deps: OrdersDeps) {
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

  const viewOf = (ctx: BaseContext): TrackingView => ({ ...readerView(ctx), describePerson: deps.describePerson });

  async function view(ctx: BaseContext, ref: ListRef) {
    const audience = audienceOf(ctx, ref.userId);
    const page = await deps.orders.recent(scopeOf(ctx, audience), { page: ref.page, pageSize: ORDERS_PAGE_SIZE });
    return orderListView(viewOf(ctx), audience, page);
  }

  /** The person's id, or what to say instead: an unknown @username, or someone else's orders asked for by staff. */
  async function personOf(ctx: BaseContext, person: PersonWord): Promise<{ ok: true; id: number } | { ok: false; say: string }> {
    const id = person.kind === 'id' ? person.id : ((await deps.people.findByUsername(person.username))?.telegramId ?? null);
    if (id === null) return { ok: false, say: ctx.t('audit-unknown-user', { username: person.kind === 'username' ? person.username : '' }) };
    if (!readsEveryone(ctx.member.role) && id !== ctx.member.telegramId) return { ok: false, say: ctx.t('orders-own-only') };
    return { ok: true, id };
  }

  async function answer(ctx: BaseContext & { chat: { id: number } }, command: Exclude<OrdersCommand, { kind: 'usage' }> | { kind: 'order'; lookup: OrderLookup }, typed: string): Promise<unknown> {
    const everyone = readsEveryone(ctx.member.role);
    switch (command.kind) {
      case 'recent':
        return sendFormatted(ctx.api, ctx.chat.id, await view(ctx, { page: 1, userId: null }));
      case 'person': {
        // Staff look up nobody: a number of theirs (not their own id) is the provider's order number, as in /track.
        if (!everyone && command.person.kind === 'id' && command.person.id !== ctx.member.telegramId) {
          return answer(ctx, { kind: 'order', lookup: { kind: 'provider-id', orderId: command.person.id } }, typed);
        }
        const person = await personOf(ctx, command.person);
        if (!person.ok) return ctx.reply(person.say);
        return sendFormatted(ctx.api, ctx.chat.id, await view(ctx, { page: 1, userId: everyone ? person.id : null }));
      }
      case 'order': {
        const row = await deps.orders.find(command.lookup);
        // Someone else's order is not found, exactly like one that does not exist.
        if (!row || !canSee({ telegramId: ctx.member.telegramId, role: ctx.member.role }, row)) {
          return ctx.reply(ctx.t('track-not-found', { value: typed.trim().slice(0, 32) }));
        }
        const title = ctx.t('orders-found-order', { name: orderName(row) });
        return sendFormatted(ctx.api, ctx.chat.id, foundOrdersView(viewOf(ctx), title, [row], { showOrderer: everyone, more: 0 }));
      }
      case 'product': {
        const wanted = normaliseSearchText(command.text);
        const scope: OrderScope = everyone ? { kind: 'everyone' } : { kind: 'user', userId: ctx.member.telegramId };
        const page = await deps.orders.withProduct(scope, (title) => normaliseSearchText(title).includes(wanted), { page: 1, pageSize: ORDERS_PAGE_SIZE });
        const whose = everyone ? 'everyone' : 'own';
        if (page.total === 0) return ctx.reply(ctx.t(`orders-matching-none-${whose}`, { query: command.text }));
        const title = ctx.t(`orders-matching-${whose}`, { query: command.text });
        const more = page.total - page.items.length;
        return sendFormatted(ctx.api, ctx.chat.id, foundOrdersView(viewOf(ctx), title, page.items, { showOrderer: everyone, more }));
      }
    }
  }

  composer.command('orders', async (ctx) => {
    const command = parseOrdersCommand(ctx.match);
    if (command.kind === 'usage') {
      await ctx.reply(ctx.t(readsEveryone(ctx.member.role) ? 'orders-usage' : 'orders-usage-staff'));
      return;
    }
    await answer(ctx, command, ctx.match);
  });

  composer.callbackQuery(LIST_PATTERN, async (ctx) => {
    const ref = parseList(ctx.callbackQuery.data);
    await ctx.answerCallbackQuery();
    if (ref) await showInPlace(ctx, await view(ctx, ref));
  });

  return composer;
}

import { Composer, InlineKeyboard } from 'grammy';
import type { AuditTrail } from '../../db/audit-trail.js';
import type { Favourite, FavouriteOwner, FavouriteStore } from '../../db/favourite-store.js';
import type { OrderQueries } from '../../db/order-queries.js';
import type { OrderRow } from '../../db/order-store.js';
import { isFinal } from '../../domain/order-lifecycle.js';
import type { FavouriteLine } from '../../domain/favourite.js';
import type { Logger } from '../../logger.js';
import { clip } from '../../text/clip.js';
import type { BotContext } from '../context.js';
import { favouriteData, FAVOURITE_PATTERN, parseFavouriteData } from '../favourite-data.js';
import { adminsOnly } from '../middleware/admins-only.js';
import { orderersOnly } from '../middleware/roles.js';
import { orderAgainRefusal } from '../order-views/order-view.js';
import { starredText } from '../conversations/order/favourite-press.js';
import { pastOrderOf } from '../conversations/order/past-order.js';

const BUTTON_TITLE = 30;

interface FavouritesDeps {
  favourites: Pick<FavouriteStore, 'menuFor' | 'get' | 'add' | 'remove'>;
  orders: Pick<OrderQueries, 'byId'>;
  audit: AuditTrail;
  logger: Logger;
}

/** A settled order's choices, as a favourite keeps them: the end customer's answers are not kept, they are asked again. */
function linesOf(row: OrderRow): FavouriteLine[] {
  return pastOrderOf(row).lines.map((line) => ({ ...line, fieldValues: {} }));
}

/** A team pick pinned or unpinned: audited like the other acts of administrators. */
export function auditPick(audit: AuditTrail, actorId: number, step: 'pinned' | 'unpinned', pick: Pick<Favourite, 'id' | 'name'>): Promise<void> {
  return audit.record({ actorId, action: `team_pick.${step}`, orderId: null, amount: null, facts: { pick: pick.id, name: pick.name } });
}

/**
 * Favourites outside the order menu: the star and the team pin on a settled
 * order's detail, /favourites (one's own, each a tap from removal) and
 * /picks (the team's, administrators only). Every press is checked again
 * here against the stored order or favourite and the presser's role now:
 * a forged or stale button changes nothing.
 */
export function favouritesFeature(deps: FavouritesDeps) {
  const composer = new Composer<BotContext>();

  /** A person's favourites (✖ removes one) or, for administrators, the team's picks (✖ unpins one), as one message. */
  const listing = async (ctx: BotContext, team: boolean) => {
    const { mine, picks } = await deps.favourites.menuFor(ctx.member.telegramId);
    const shown = team ? picks : mine;
    const [glyph, prefix, kind] = team ? (['📌', 'picks', 'unpin'] as const) : (['★', 'favourites', 'remove'] as const);
    const keyboard = new InlineKeyboard();
    for (const favourite of shown) keyboard.text(`✖ ${clip(favourite.name, BUTTON_TITLE)}`, favouriteData({ kind, id: favourite.id })).row();
    const lines = shown.map((favourite) => `${glyph} ${favourite.name}`);
    return { text: [ctx.t(shown.length === 0 ? `${prefix}-none` : `${prefix}-title`), ...lines, '', ctx.t(`${prefix}-how`)].join('\n'), keyboard };
  };

  composer.command('favourites', orderersOnly, async (ctx) => {
    const { text, keyboard } = await listing(ctx, false);
    await ctx.reply(text, { reply_markup: keyboard });
  });
  composer.command('picks', adminsOnly, async (ctx) => {
    const { text, keyboard } = await listing(ctx, true);
    await ctx.reply(text, { reply_markup: keyboard });
  });

  composer.callbackQuery(FAVOURITE_PATTERN, async (ctx) => {
    const press = parseFavouriteData(ctx.callbackQuery.data)!;
    const actorId = ctx.member.telegramId;
    const refuse = async (key: string, args?: Record<string, string | number>) => {
      deps.logger.warn({ actorId, role: ctx.member.role, press: press.kind, id: press.id, refusal: key }, 'refused a favourite press');
      await ctx.answerCallbackQuery({ text: ctx.t(key, args), show_alert: true });
    };
    switch (press.kind) {
      case 'star-order':
      case 'pin-order': {
        const row = await deps.orders.byId(press.id);
        if (!row) return void (await ctx.answerCallbackQuery({ text: ctx.t('track-gone') }));
        const team = press.kind === 'pin-order';
        if (team && ctx.member.role !== 'admin') return void (await refuse('picks-admins-only'));
        const refusal = team ? (isFinal(row.state) ? null : 'again-still-open') : orderAgainRefusal({ telegramId: actorId, role: ctx.member.role }, row);
        if (refusal) return void (await refuse(refusal));
        const owner: FavouriteOwner = team ? 'team' : { person: actorId };
        const name = pastOrderOf(row).name;
        const answer = await deps.favourites.add({ owner, kind: 'order', name, lines: linesOf(row), createdBy: actorId });
        if (answer.kind === 'added' && team) await auditPick(deps.audit, actorId, 'pinned', answer.favourite);
        const said = starredText(ctx.t, team, answer, name, ctx.member.locale);
        return void (await ctx.answerCallbackQuery({ text: said, show_alert: answer.kind === 'full' }));
      }
      case 'remove':
      case 'unpin': {
        const team = press.kind === 'unpin';
        if (team && ctx.member.role !== 'admin') return void (await refuse('picks-admins-only'));
        if (!team && ctx.member.role === 'viewer') return void (await refuse('viewer-refused'));
        const removed = await deps.favourites.remove(team ? 'team' : { person: actorId }, press.id);
        if (!removed) return void (await refuse('favourite-gone'));
        if (team) await auditPick(deps.audit, actorId, 'unpinned', removed);
        await ctx.answerCallbackQuery({ text: ctx.t(team ? 'pick-removed' : 'favourite-removed', { name: removed.name }) });
        const { text, keyboard } = await listing(ctx, team);
        await ctx.editMessageText(text, { reply_markup: keyboard }).catch(() => undefined);
      }
    }
  });
  return composer;
}

import { Composer } from 'grammy';
import type { AuditTrail } from '../../db/audit-trail.js';
import type { Favourite, FavouriteOwner, FavouriteStore } from '../../db/favourite-store.js';
import type { OrderQueries } from '../../db/order-queries.js';
import type { OrderRow } from '../../db/order-store.js';
import { isFinal } from '../../domain/order-lifecycle.js';
import type { FavouriteLine } from '../../domain/favourite.js';
import type { Logger } from '../../logger.js';
import type { CostCentreStore } from '../../db/cost-centre-store.js';
import { costCentreWords } from '../../domain/cost-centre.js';
import { clip } from '../../text/clip.js';
import type { BotContext } from '../context.js';
import { FAVOURITE_PATTERN, parseFavouriteData } from '../favourite-data.js';
import { adminsOnly } from '../middleware/admins-only.js';
import { orderersOnly } from '../middleware/roles.js';
import { orderAgainRefusal } from '../order-views/order-view.js';
import { starredText } from '../conversations/order/favourite-press.js';
import { pastOrderOf } from '../conversations/order/past-order.js';
import { favouriteListing } from './favourite-listing.js';
import type { FavouriteRenames } from './favourite-rename.js';

interface FavouritesDeps {
  favourites: Pick<FavouriteStore, 'menuFor' | 'get' | 'add' | 'remove' | 'moveUp'>;
  /** The cost centres (retired ones too), to say which a favourite had and now has when it is starred again for another. */
  costCentres: Pick<CostCentreStore, 'byIds'>;
  renames: Pick<FavouriteRenames, 'ask'>;
  orders: Pick<OrderQueries, 'byId'>;
  audit: AuditTrail;
  logger: Logger;
}

/** A settled order's choices, as a favourite keeps them: the end customer's answers are not kept, they are asked again. */
function linesOf(row: OrderRow): FavouriteLine[] {
  return pastOrderOf(row).lines.map((line) => ({ ...line, fieldValues: {} }));
}

/** A team pick pinned or unpinned: audited like the other acts of administrators. */
export function auditPick(
  audit: AuditTrail,
  actorId: number,
  step: 'pinned' | 'unpinned' | 'renamed' | 'moved' | 'recentred',
  pick: Pick<Favourite, 'id' | 'name'>,
  from?: string,
  centres?: { before: string; after: string },
): Promise<void> {
  const facts = { pick: pick.id, name: pick.name, ...(from === undefined ? {} : { from }), ...(centres ?? {}) };
  return audit.record({ actorId, action: `team_pick.${step}`, orderId: null, amount: null, facts });
}

/**
 * Favourites outside the order menu: the star and the team pin on a settled
 * order's detail, /favourites (one's own, each a tap from renaming, moving
 * up or removal) and /picks (the team's, administrators only). Every press is checked again
 * here against the stored order or favourite and the presser's role now:
 * a forged or stale button changes nothing.
 */
export function favouritesFeature(deps: FavouritesDeps) {
  const composer = new Composer<BotContext>();

  const listing = (ctx: BotContext, team: boolean) => favouriteListing(deps.favourites, ctx, team);

  /** What a favourite's cost centre was and is, named (short enough for a press's answer), or "none". */
  async function centreNames(ctx: BotContext, before: number | null, after: number | null): Promise<{ before: string; after: string }> {
    const known = await deps.costCentres.byIds([before, after].filter((id): id is number => id !== null));
    const named = (id: number | null) => {
      const centre = id === null ? undefined : known.get(id);
      return centre ? clip(costCentreWords(centre), 50) : ctx.t('favourite-no-centre');
    };
    return { before: named(before), after: named(after) };
  }

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
        const answer = await deps.favourites.add({ owner, kind: 'order', name, lines: linesOf(row), createdBy: actorId, costCentreId: row.costCentreId });
        if (answer.kind === 'added' && team) await auditPick(deps.audit, actorId, 'pinned', answer.favourite);
        if (answer.kind !== 'centre-changed') return void (await ctx.answerCallbackQuery({ text: starredText(ctx.t, team, answer, name, ctx.member.locale), show_alert: answer.kind === 'full' }));
        // The same order starred from an order of another cost centre: the favourite now repeats this one, and says so plainly.
        const centres = await centreNames(ctx, answer.before, answer.favourite.costCentreId);
        if (team) await auditPick(deps.audit, actorId, 'recentred', answer.favourite, undefined, centres);
        const said = starredText(ctx.t, team, answer, clip(answer.favourite.name, 40), ctx.member.locale, centres);
        return void (await ctx.answerCallbackQuery({ text: said, show_alert: true }));
      }
      case 'rename':
      case 'rename-pick':
      case 'move-up':
      case 'move-pick':
      case 'remove':
      case 'unpin': {
        const team = press.kind === 'unpin' || press.kind === 'rename-pick' || press.kind === 'move-pick';
        if (team && ctx.member.role !== 'admin') return void (await refuse('picks-admins-only'));
        if (!team && ctx.member.role === 'viewer') return void (await refuse('viewer-refused'));
        const owner: FavouriteOwner = team ? 'team' : { person: actorId };
        if (press.kind === 'rename' || press.kind === 'rename-pick') {
          const favourite = await deps.favourites.get(owner, press.id);
          if (!favourite) return void (await refuse('favourite-gone'));
          await ctx.answerCallbackQuery();
          return void (await deps.renames.ask(ctx, favourite, team));
        }
        if (press.kind === 'move-up' || press.kind === 'move-pick') {
          const favourite = await deps.favourites.get(owner, press.id);
          if (!favourite) return void (await refuse('favourite-gone'));
          // Already first (a listing shown before another move): nothing to do, and the listing is drawn again as it is.
          if ((await deps.favourites.moveUp(owner, press.id)) && team) await auditPick(deps.audit, actorId, 'moved', favourite);
          await ctx.answerCallbackQuery({ text: ctx.t('favourite-moved', { name: favourite.name }) });
          const { text, keyboard } = await listing(ctx, team);
          return void (await ctx.editMessageText(text, { reply_markup: keyboard }).catch(() => undefined));
        }
        const removed = await deps.favourites.remove(owner, press.id);
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

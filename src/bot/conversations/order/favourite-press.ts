import type { Conversation } from '@grammyjs/conversations';
import type { Context } from 'grammy';
import type { Favourite, FavouriteOwner, Starred } from '../../../db/favourite-store.js';
import { formatNumber } from '../../../text/format.js';
import type { Locale, Translate } from '../../../text/i18n.js';
import type { BotContext } from '../../context.js';
import { ACTION, numericValue, type Pressed } from './actions.js';
import { startFromPast } from './again-start.js';
import { cartLines } from './cart.js';
import { chosenRegion, hasRegionChoice, newDraft, type Draft } from './draft.js';
import type { OrderReads } from './order-reads.js';
import type { OrderConversationDeps, Quote } from './order-types.js';
import type { PastOrder } from './past-order.js';
import type { Notice, ViewContext } from './views.js';

type Tools = { conversation: Conversation<BotContext, Context>; deps: OrderConversationDeps; readQuote: OrderReads['readQuote']; view: ViewContext; userId: number };
type Moved = { draft: Draft; notice: Notice; prefetched: Quote | null };

/** The favourites and team picks /order opens with: only on a fresh order's first page of categories, never over a cart. */
export function favouritesShown(tools: Pick<Tools, 'conversation' | 'deps' | 'userId'>, draft: Draft): Promise<{ mine: Favourite[]; picks: Favourite[] }> {
  const store = tools.deps.favourites;
  if (!store || cartLines(draft).length > 0 || draft.product !== null || draft.categoryPage !== 1) return Promise.resolve({ mine: [], picks: [] });
  return tools.conversation.external(() => store.menuFor(tools.userId));
}

/**
 * The presses of favourites inside the order: a favourite or a team pick
 * (straight to a fresh summary through "Order again"'s path, so every rule
 * of the summary and Confirm applies), and the star on a product. Null for
 * any other press. A favourite is read again by its owner: one of someone
 * else, or one removed since, is refused.
 */
export async function favouritePress(tools: Tools, draft: Draft, pressed: Pressed): Promise<Moved | null> {
  const id = numericValue(pressed);
  if (pressed.action === ACTION.favourite || pressed.action === ACTION.pick) {
    const owner: FavouriteOwner = pressed.action === ACTION.pick ? 'team' : { person: tools.userId };
    return startFromFavourite(tools, owner, id ?? -1);
  }
  if (pressed.action === ACTION.star) return { draft, notice: await star(tools, draft, pressed.value === 'team' ? 'team' : { person: tools.userId }), prefetched: null };
  return null;
}

async function startFromFavourite(tools: Tools, owner: FavouriteOwner, id: number): Promise<Moved> {
  const { conversation, deps, view } = tools;
  const favourite = await conversation.external(async () => {
    const found = (await deps.favourites?.get(owner, id)) ?? null;
    if (found) await deps.favourites?.markUsed(found.id);
    return found;
  });
  if (!favourite) return { draft: newDraft(), notice: view.t('favourite-gone'), prefetched: null };
  // A favourite keeps the cost centre of the order it was starred from; its note was that order's own, and is asked again.
  const purpose = favourite.costCentreId === null ? {} : { purpose: { costCentreId: favourite.costCentreId, note: null } };
  const past: PastOrder = { name: favourite.name, lines: favourite.lines, words: 'favourite', ...purpose };
  const started = await startFromPast(tools, past);
  // A starred product asks its quantity: one sold out in its region says so here, and the favourites stay on offer.
  const region = chosenRegion(started.draft);
  if (favourite.kind === 'product' && started.draft.step === 'quantity' && region !== null && region.stock <= 0) {
    return { draft: newDraft(), notice: view.t('favourite-sold-out', { order: favourite.name }), prefetched: null };
  }
  return started;
}

/** Stars the product on screen (its region too, when it offers a choice); the team's pick when an administrator pins it. */
async function star(tools: Tools, draft: Draft, owner: FavouriteOwner): Promise<string> {
  const { conversation, deps, view, userId } = tools;
  const product = draft.product;
  const store = deps.favourites;
  if (!product || !store) return view.t('order-button-invalid');
  if (owner === 'team' && !(await conversation.external(() => deps.favouritePins?.canPin(userId) ?? false))) return view.t('picks-admins-only');
  const region = chosenRegion(draft);
  const kept = {
    productId: product.id,
    title: product.title,
    regionPropertyId: region && hasRegionChoice(product) ? region.regionPropertyId : null,
    quantity: null,
    fieldValues: {},
    unitPrice: region?.price ?? null,
  };
  const name = region && hasRegionChoice(product) ? `${product.title} · ${region.title ?? '—'}` : product.title;
  const starred = await conversation.external(async () => {
    const answer = await store.add({ owner, kind: 'product', name, lines: [kept], createdBy: userId });
    if (answer.kind === 'added' && owner === 'team') await deps.favouritePins?.pinned(userId, answer.favourite);
    return answer;
  });
  return starredText(view.t, owner === 'team', starred, name, view.locale);
}

/**
 * What a star or a team pin answered, in the reader's words (here and on a
 * settled order's detail, features/favourites.ts). `centres`: for a
 * favourite that took another cost centre, which it had and which it has.
 */
export function starredText(t: Translate, team: boolean, starred: Starred, name: string, locale: Locale, centres?: { before: string; after: string }): string {
  const prefix = team ? 'pick' : 'favourite';
  if (starred.kind === 'full') return t(`${prefix}-full`, { max: formatNumber(starred.max, locale) });
  if (starred.kind === 'centre-changed') return t(`${prefix}-centre-changed`, { name, before: centres?.before ?? '?', after: centres?.after ?? '?' });
  return t(`${prefix}-${starred.kind}`, { name });
}

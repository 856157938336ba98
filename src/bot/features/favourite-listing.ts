import { InlineKeyboard } from 'grammy';
import type { Favourite, FavouriteStore } from '../../db/favourite-store.js';
import { clip } from '../../text/clip.js';
import type { BotContext } from '../context.js';
import { favouriteData } from '../favourite-data.js';

const BUTTON_TITLE = 30;

/**
 * /favourites (one's own) or /picks (the team's, administrators) as one
 * message: each on a row of its own, ✏️ with its name renames it, ⬆ moves
 * it one place up (not the first), ✖ removes it.
 */
export async function favouriteListing(
  favourites: Pick<FavouriteStore, 'menuFor'>,
  ctx: BotContext,
  team: boolean,
): Promise<{ text: string; keyboard: InlineKeyboard; shown: Favourite[] }> {
  const { mine, picks } = await favourites.menuFor(ctx.member.telegramId);
  const shown = team ? picks : mine;
  const [glyph, prefix] = team ? (['📌', 'picks'] as const) : (['★', 'favourites'] as const);
  const [rename, moveUp, remove] = team ? (['rename-pick', 'move-pick', 'unpin'] as const) : (['rename', 'move-up', 'remove'] as const);
  const keyboard = new InlineKeyboard();
  for (const [at, favourite] of shown.entries()) {
    keyboard.text(`✏️ ${clip(favourite.name, BUTTON_TITLE)}`, favouriteData({ kind: rename, id: favourite.id }));
    if (at > 0) keyboard.text('⬆', favouriteData({ kind: moveUp, id: favourite.id }));
    keyboard.text('✖', favouriteData({ kind: remove, id: favourite.id })).row();
  }
  const lines = shown.map((favourite) => `${glyph} ${favourite.name}`);
  return { text: [ctx.t(shown.length === 0 ? `${prefix}-none` : `${prefix}-title`), ...lines, '', ctx.t(`${prefix}-how`)].join('\n'), keyboard, shown };
}

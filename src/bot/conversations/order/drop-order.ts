import type { BotContext } from '../../context.js';
import { removeKeyboard } from '../../send.js';

/** The order menu on screen in a chat (see stored-menu.ts), or null. */
export type OrderMenuOf = (chatId: number) => Promise<number | null>;

/**
 * Drops an order half-way through in this chat (nothing of it was placed)
 * and takes the buttons off its menu, so that its Confirm cannot be
 * pressed after the order was given up. True when there was one.
 */
export async function dropOrder(ctx: BotContext, menuOf: OrderMenuOf): Promise<boolean> {
  if (Object.keys(ctx.conversation.active()).length === 0) return false;
  const chatId = ctx.chat?.id;
  const menu = chatId === undefined ? null : await menuOf(chatId);
  await ctx.conversation.exitAll();
  if (chatId !== undefined && menu !== null) await removeKeyboard(ctx.api, chatId, menu);
  return true;
}

import type { BotContext } from '../../context.js';
import { removeKeyboard } from '../../send.js';

/** The order menu on screen in a chat (see stored-menu.ts), or null. */
export type OrderMenuOf = (chatId: number) => Promise<number | null>;

/**
 * Drops an order half-way through in this chat (nothing of it was placed),
 * gives the person `answer` (told whether there was one), and only then
 * takes the buttons off the dropped order's menu. The answer is what they
 * wait for; the old menu is safe before its buttons go, since a press on
 * it is no longer the current menu's and is refused as expired, and when
 * Telegram's limit is busy the removal may be left out for the same reason
 * (bot/telegram-pace.ts).
 */
export async function dropOrder(ctx: BotContext, menuOf: OrderMenuOf, answer: (dropped: boolean) => Promise<unknown>): Promise<void> {
  if (Object.keys(ctx.conversation.active()).length === 0) {
    await answer(false);
    return;
  }
  const chatId = ctx.chat?.id;
  const menu = chatId === undefined ? null : await menuOf(chatId);
  await ctx.conversation.exitAll();
  await answer(true);
  if (chatId !== undefined && menu !== null) await removeKeyboard(ctx.api, chatId, menu, { oldOrderMenu: true });
}

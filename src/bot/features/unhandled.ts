import { Composer } from 'grammy';
import type { BaseContext } from '../context.js';
import { removeKeyboard } from '../send.js';

/** Last in the chain: whatever nobody handled gets a short, useful answer. */
export function unhandledFeature() {
  const composer = new Composer<BaseContext>();
  // Buttons of menus that are closed, expired or from before a restart: the
  // menu loses them too, so a dead Confirm is not left to be pressed again.
  composer.on('callback_query', async (ctx) => {
    await ctx.answerCallbackQuery({ text: ctx.t('menu-expired'), show_alert: false });
    const messageId = ctx.callbackQuery.message?.message_id;
    if (ctx.chat && messageId !== undefined) await removeKeyboard(ctx.api, ctx.chat.id, messageId);
  });
  composer.on('message', (ctx) => ctx.reply(ctx.t(ctx.member.role === 'viewer' ? 'unhandled-viewer' : 'unhandled')));
  return composer;
}

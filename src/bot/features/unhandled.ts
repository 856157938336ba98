import { Composer } from 'grammy';
import type { BaseContext } from '../context.js';

/** Last in the chain: whatever nobody handled gets a short, useful answer. */
export function unhandledFeature() {
  const composer = new Composer<BaseContext>();
  // Buttons of menus that are closed, expired or from before a restart.
  composer.on('callback_query', (ctx) => ctx.answerCallbackQuery({ text: ctx.t('menu-expired'), show_alert: false }));
  composer.on('message', (ctx) => ctx.reply(ctx.t(ctx.member.role === 'viewer' ? 'unhandled-viewer' : 'unhandled')));
  return composer;
}

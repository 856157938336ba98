import { Composer } from 'grammy';
import type { BotContext } from '../context.js';

/** Registered before the conversations, so /cancel reaches us while one is waiting. */
export function cancelFeature() {
  const composer = new Composer<BotContext>();
  composer.command('cancel', async (ctx) => {
    const active = Object.keys(ctx.conversation.active()).length > 0;
    if (active) await ctx.conversation.exitAll();
    await ctx.reply(ctx.t(active ? 'cancel-done' : 'cancel-nothing'));
  });
  return composer;
}

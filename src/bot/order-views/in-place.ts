import { GrammyError } from 'grammy';
import type { BaseContext } from '../context.js';
import { editFormatted, sendFormatted, type Outgoing } from '../send.js';

/**
 * Replaces the message whose button was pressed. A message Telegram no
 * longer lets us edit (too old, deleted) gets the view as a new message, so
 * a press always leads somewhere.
 */
export async function showInPlace(ctx: BaseContext, message: Outgoing): Promise<void> {
  const chatId = ctx.chat?.id;
  if (chatId === undefined) return;
  const messageId = ctx.callbackQuery?.message?.message_id;
  if (messageId === undefined) {
    await sendFormatted(ctx.api, chatId, message);
    return;
  }
  try {
    await editFormatted(ctx.api, chatId, messageId, message);
  } catch (error) {
    if (!(error instanceof GrammyError && error.error_code === 400)) throw error;
    await sendFormatted(ctx.api, chatId, message);
  }
}

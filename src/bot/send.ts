import type { FormattedString } from '@grammyjs/parse-mode';
import { GrammyError, InlineKeyboard, type Api } from 'grammy';
import { mayLeaveOut } from './droppable-removals.js';

/**
 * Text always travels as entities, never parse_mode: a product called
 * "Steam <Wallet> & Co_*[EU]*" cannot break a message.
 */
export interface Outgoing {
  text: FormattedString;
  keyboard?: InlineKeyboard;
  protectContent?: boolean;
  threadId?: number;
}

/**
 * The keyboard without empty rows: a builder's `.row()` after the last
 * button leaves one, which shows as a blank strip under the message on
 * some phones. No rows at all means no keyboard.
 */
export function tidyKeyboard(keyboard: InlineKeyboard | undefined): InlineKeyboard | undefined {
  if (!keyboard) return undefined;
  const rows = keyboard.inline_keyboard.filter((row) => row.length > 0);
  return rows.length === 0 ? undefined : new InlineKeyboard(rows);
}

export async function sendFormatted(api: Api, chatId: number, message: Outgoing): Promise<number> {
  const keyboard = tidyKeyboard(message.keyboard);
  const sent = await api.sendMessage(chatId, message.text.text, {
    entities: message.text.entities,
    link_preview_options: { is_disabled: true },
    ...(keyboard ? { reply_markup: keyboard } : {}),
    ...(message.protectContent ? { protect_content: true } : {}),
    ...(message.threadId === undefined ? {} : { message_thread_id: message.threadId }),
  });
  return sent.message_id;
}

/** Edits a message in place; "not modified" is not a failure. */
export async function editFormatted(api: Api, chatId: number, messageId: number, message: Outgoing): Promise<void> {
  try {
    const keyboard = tidyKeyboard(message.keyboard);
    await api.editMessageText(chatId, messageId, message.text.text, {
      entities: message.text.entities,
      link_preview_options: { is_disabled: true },
      ...(keyboard ? { reply_markup: keyboard } : {}),
    });
  } catch (error) {
    if (isNotModified(error)) return;
    throw error;
  }
}

/**
 * Takes the buttons off an old menu so that it cannot be pressed again; best effort.
 * `oldOrderMenu`: an order's menu replaced by a newer one, whose presses are refused as expired
 * anyway: the removal may be left out while Telegram's limit is busy (droppable-removals.ts).
 */
export async function removeKeyboard(api: Api, chatId: number, messageId: number, options: { oldOrderMenu?: boolean } = {}): Promise<void> {
  if (options.oldOrderMenu) mayLeaveOut(chatId, messageId);
  try {
    await api.editMessageReplyMarkup(chatId, messageId, { reply_markup: { inline_keyboard: [] } });
  } catch {
    // The message may be too old to edit or already without buttons; either way it is harmless.
  }
}

function isNotModified(error: unknown): boolean {
  return error instanceof GrammyError && error.error_code === 400 && /not modified/i.test(error.description);
}

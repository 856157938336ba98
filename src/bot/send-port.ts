import { GrammyError, HttpError, InlineKeyboard, type Api } from 'grammy';
import {
  SendForbiddenError,
  SendRateLimitedError,
  SendRejectedError,
  SendTransientError,
  type ClearButtons,
  type OutgoingButton,
  type ReplaceText,
  type SendMessage,
  sendWorthRetrying,
} from '../text/send-port.js';
import { sendFormatted } from './send.js';

/**
 * The SendMessage port over grammY's Api. Telegram's answers become the
 * port's error types, so background senders decide about retries themselves
 * (no transformer waits on their behalf).
 */
export function createSendPort(api: Api): SendMessage {
  return async (chatId, message) => {
    const keyboard = message.buttons && message.buttons.length > 0 ? keyboardOf(message.buttons) : undefined;
    try {
      const messageId = await sendFormatted(api, chatId, {
        text: message.text,
        ...(keyboard ? { keyboard } : {}),
        ...(message.protectContent ? { protectContent: true } : {}),
        ...(message.threadId === undefined ? {} : { threadId: message.threadId }),
      });
      return { messageId };
    } catch (error) {
      throw toSendError(error);
    }
  };
}

/** Whether an edit that failed is worth trying again: Telegram busy (429), a fault of its own, or the network; a 400 or 403 never changes. */
const editWorthRetrying = (error: unknown): boolean => sendWorthRetrying(toSendError(error));

/** The ClearButtons port over grammY's Api. */
export function createClearButtons(api: Api): ClearButtons {
  return async (chatId, messageId) => {
    try {
      await api.editMessageReplyMarkup(chatId, messageId, { reply_markup: { inline_keyboard: [] } });
      return 'settled';
    } catch (error) {
      // Too old, gone, or without buttons already: settled all the same.
      return editWorthRetrying(error) ? 'try-again' : 'settled';
    }
  };
}

/** The ReplaceText port over grammY's Api: a message that cannot be edited (too old, gone) still loses its buttons where it can. */
export function createReplaceText(api: Api): ReplaceText {
  const clear = createClearButtons(api);
  return async (chatId, messageId, text) => {
    try {
      await api.editMessageText(chatId, messageId, text.text, { entities: text.entities, link_preview_options: { is_disabled: true }, reply_markup: { inline_keyboard: [] } });
      return 'settled';
    } catch (error) {
      if (editWorthRetrying(error)) return 'try-again';
      return clear(chatId, messageId);
    }
  };
}

export function keyboardOf(buttons: OutgoingButton[][]): InlineKeyboard {
  return InlineKeyboard.from(
    buttons.map((row) =>
      row.map((b) => ('copyText' in b ? InlineKeyboard.copyText(b.text, b.copyText) : { ...InlineKeyboard.text(b.text, b.callbackData), ...(b.style ? { style: b.style } : {}) })),
    ),
  );
}

export function toSendError(error: unknown): Error {
  if (error instanceof GrammyError) {
    if (error.error_code === 429) return new SendRateLimitedError((error.parameters.retry_after ?? 1) * 1000);
    if (error.error_code === 403) return new SendForbiddenError(error.description);
    if (error.error_code === 400) return new SendRejectedError(error.description);
    return new SendTransientError(`${error.error_code}: ${error.description}`);
  }
  if (error instanceof HttpError) return new SendTransientError(error.message);
  return new SendTransientError(error instanceof Error ? error.message : String(error));
}

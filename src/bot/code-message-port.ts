import { GrammyError, type Api } from 'grammy';
import type { CodeMessagePort, TouchResult } from '../safeguards/retention/code-messages.js';

/** Telegram's 400s that mean the message is not there to touch. */
const GONE = /message to (?:edit|delete) not found|message can't be deleted|chat not found|message_id_invalid/i;

/**
 * What an edit or a delete's failure means for the removal pass: a 403
 * (blocked, chat gone) or a message no longer there is the end of it;
 * another 400 is a refusal (too old to edit, not editable); 429s and
 * network trouble are thrown, to be tried again.
 */
function judge(error: unknown): TouchResult {
  if (error instanceof GrammyError) {
    if (error.error_code === 403) return 'gone';
    if (error.error_code === 400) return GONE.test(error.description) ? 'gone' : /not modified/i.test(error.description) ? 'done' : 'refused';
  }
  throw error;
}

/** The removal pass's port over grammY's Api (the connection without auto-retry: the pass retries on its own schedule). */
export function createCodeMessagePort(api: Api): CodeMessagePort {
  return {
    async edit(chatId, messageId, text) {
      try {
        // An empty keyboard takes the copy buttons off with the codes.
        await api.editMessageText(chatId, messageId, text, { link_preview_options: { is_disabled: true }, reply_markup: { inline_keyboard: [] } });
        return 'done';
      } catch (error) {
        return judge(error);
      }
    },
    async remove(chatId, messageId) {
      try {
        await api.deleteMessage(chatId, messageId);
        return 'done';
      } catch (error) {
        return judge(error);
      }
    },
  };
}

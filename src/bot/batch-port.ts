import { InputFile, type Api } from 'grammy';
import type { BatchChatPort } from '../batches/batch-notices.js';
import { editFormatted, sendFormatted } from './send.js';
import { keyboardOf, toSendError } from './send-port.js';

/**
 * The batch runner's connection to Telegram: the progress message sent and
 * edited in place, the held question, and the file of codes sent as a
 * protected document (never forwarded or saved from the chat).
 */
export function createBatchChatPort(api: Api): BatchChatPort {
  return {
    async send(chatId, view) {
      return sendFormatted(api, chatId, { text: view.text, ...(view.buttons.length > 0 ? { keyboard: keyboardOf(view.buttons) } : {}) });
    },
    async edit(chatId, messageId, view) {
      await editFormatted(api, chatId, messageId, { text: view.text, ...(view.buttons.length > 0 ? { keyboard: keyboardOf(view.buttons) } : {}) });
    },
    async sendFile(chatId, file, caption) {
      try {
        const sent = await api.sendDocument(chatId, new InputFile(file.content, file.fileName), { caption, protect_content: true });
        return sent.message_id;
      } catch (error) {
        // The port's error types: a blocked bot or a gone chat is told apart from a fault worth trying again.
        throw toSendError(error);
      }
    },
    async remove(chatId, messageId) {
      await api.deleteMessage(chatId, messageId).catch(() => undefined);
    },
  };
}

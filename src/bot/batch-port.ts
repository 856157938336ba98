import { InputFile, type Api } from 'grammy';
import type { BatchChatPort } from '../batches/batch-notices.js';
import { editFormatted, sendFormatted } from './send.js';
import { keyboardOf } from './send-port.js';

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
      await api.sendDocument(chatId, new InputFile(file.content, file.fileName), { caption, protect_content: true });
    },
  };
}

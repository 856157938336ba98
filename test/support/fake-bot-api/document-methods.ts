import { readReplyMarkup } from './reply-markup.js';
import { randomUUID } from 'node:crypto';
import type { Message } from 'grammy/types';
import { BotApiError, badRequest } from './api-error.js';
import { resolveFormattedText } from './formatted-text.js';
import type { MessageMethodDeps, MethodHandler, Payload } from './message-methods.js';
import { isUploadedFile, type UploadedFile } from './request-payload.js';

/** Telegram's limits for a document a bot uploads, and for any caption. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const MAX_CAPTION_LENGTH = 1024;

/**
 * grammY uploads a file as its own multipart part and names it in the
 * field as `attach://<part>`; a plain multipart file in the field works too.
 */
function uploadIn(payload: Payload, field = 'document'): UploadedFile {
  const value = payload[field];
  if (isUploadedFile(value)) return value;
  if (typeof value === 'string' && value.startsWith('attach://')) {
    const part = payload[value.slice('attach://'.length)];
    if (isUploadedFile(part)) return part;
  }
  // File ids and URLs of earlier uploads are not kept by this fake.
  throw badRequest('wrong remote file identifier specified: can\'t unserialize it. Wrong last symbol');
}

export function createDocumentMethods({ store, clock, botUser }: MessageMethodDeps): Record<string, MethodHandler> {
  return {
    /** A photo uploaded as a file (PNG or JPEG); the fake keeps the bytes and answers one size. */
    sendPhoto(payload) {
      const record = store.resolveWritable(payload['chat_id']);
      const file = uploadIn(payload, 'photo');
      if (file.content.length === 0) throw badRequest('file must be non-empty');
      if (file.content.length > 10 * 1024 * 1024) throw badRequest('PHOTO_INVALID_DIMENSIONS');
      const rawCaption = payload['caption'];
      const caption = rawCaption === undefined || rawCaption === '' ? undefined : resolveFormattedText({ text: rawCaption, parse_mode: payload['parse_mode'], entities: payload['caption_entities'] });
      if (caption !== undefined && caption.text.length > MAX_CAPTION_LENGTH) throw badRequest('message caption is too long');
      const protect = payload['protect_content'] === true;
      // An inline keyboard rides on a photo as on a text message (the step-up key's copy button).
      const markup = readReplyMarkup(payload['reply_markup']);
      const inline = markup !== undefined && 'inline_keyboard' in markup ? markup : undefined;
      const stored = store.addMessage(
        record,
        (messageId) =>
          ({
            message_id: messageId,
            from: botUser,
            chat: record.chat,
            date: Math.floor(clock.now() / 1000),
            ...(inline === undefined ? {} : { reply_markup: inline }),
            photo: [{ file_id: `photo-${randomUUID()}`, file_unique_id: randomUUID().slice(0, 8), width: 360, height: 360, file_size: file.content.length }],
            ...(caption === undefined ? {} : { caption: caption.text }),
            ...(caption === undefined || caption.entities.length === 0 ? {} : { caption_entities: caption.entities }),
            ...(protect ? { has_protected_content: true } : {}),
          }) as Message,
        { fromBot: true, deleted: false, protect, edits: 0, upload: file.content, ...(markup === undefined ? {} : { markup }) },
      );
      return stored.message;
    },

    sendDocument(payload) {
      const record = store.resolveWritable(payload['chat_id']);
      const file = uploadIn(payload);
      if (file.content.length === 0) throw badRequest('file must be non-empty');
      if (file.content.length > MAX_UPLOAD_BYTES) throw new BotApiError(413, 'Request Entity Too Large');
      const rawCaption = payload['caption'];
      const caption =
        rawCaption === undefined || rawCaption === ''
          ? undefined
          : resolveFormattedText({ text: rawCaption, parse_mode: payload['parse_mode'], entities: payload['caption_entities'] });
      if (caption !== undefined && caption.text.length > MAX_CAPTION_LENGTH) throw badRequest('message caption is too long');
      const protect = payload['protect_content'] === true;
      const stored = store.addMessage(
        record,
        (messageId) =>
          ({
            message_id: messageId,
            from: botUser,
            chat: record.chat,
            date: Math.floor(clock.now() / 1000),
            document: {
              file_id: `doc-${randomUUID()}`,
              file_unique_id: randomUUID().slice(0, 8),
              file_name: file.filename,
              mime_type: file.type || 'application/octet-stream',
              file_size: file.content.length,
            },
            ...(caption === undefined ? {} : { caption: caption.text }),
            ...(caption === undefined || caption.entities.length === 0 ? {} : { caption_entities: caption.entities }),
            ...(protect ? { has_protected_content: true } : {}),
          }) as Message,
        { fromBot: true, deleted: false, protect, edits: 0, upload: file.content },
      );
      return stored.message;
    },
  };
}

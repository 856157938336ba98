import type { Message } from 'grammy/types';
import { badRequest } from './api-error.js';
import type { MethodHandler } from './message-methods.js';
import type { FakeUser, RawUpdate } from './types.js';

/** The largest file getFile hands a bot a link to (Telegram's documented 20 MB). */
export const MAX_DOWNLOAD_BYTES = 20 * 1024 * 1024;

export interface SentFile {
  fileName: string;
  bytes: Uint8Array;
  mimeType?: string;
}

/**
 * Files users send: a document message carries only the file's id; the bot
 * asks getFile for a path and downloads it from /file/bot<token>/<path>,
 * as with Telegram's servers.
 */
export function createUserFiles(deps: { pushUpdate: (update: RawUpdate) => unknown; now: () => number }) {
  const files = new Map<string, { bytes: Uint8Array; path: string; uniqueId: string }>();
  let next = 1;

  const getFile: MethodHandler = (payload) => {
    const id = String(payload['file_id'] ?? '');
    const file = files.get(id);
    if (!file) throw badRequest('invalid file_id');
    if (file.bytes.length > MAX_DOWNLOAD_BYTES) throw badRequest('file is too big');
    return { file_id: id, file_unique_id: file.uniqueId, file_size: file.bytes.length, file_path: file.path };
  };

  return {
    handlers: { getFile },
    sendDocument(from: FakeUser, sent: SentFile, caption?: string): void {
      const n = next++;
      const fileId = `doc-${n}-${Math.random().toString(36).slice(2)}`;
      const extension = /\.[A-Za-z0-9]{1,8}$/.exec(sent.fileName)?.[0] ?? '';
      files.set(fileId, { bytes: sent.bytes, path: `documents/file_${n}${extension}`, uniqueId: `u${n}` });
      const chat = { id: from.id, type: 'private' as const, first_name: from.firstName ?? 'x' };
      deps.pushUpdate({
        message: {
          message_id: 800_000 + n,
          date: Math.floor(deps.now() / 1000),
          chat,
          // As Telegram sends it on every message: the sender's language too, which a document's answer is worded in.
          from: { id: from.id, is_bot: false, first_name: from.firstName ?? 'x', ...(from.languageCode === undefined ? {} : { language_code: from.languageCode }) },
          document: { file_id: fileId, file_unique_id: `u${n}`, file_name: sent.fileName, ...(sent.mimeType ? { mime_type: sent.mimeType } : {}), file_size: sent.bytes.length },
          ...(caption ? { caption } : {}),
        } as unknown as NonNullable<RawUpdate['message']> & Message,
      });
    },
    /** The bytes behind a download path, or null (404). */
    download(path: string): Uint8Array | null {
      for (const file of files.values()) if (file.path === path) return file.bytes;
      return null;
    },
  };
}

import type { InlineKeyboardMarkup, Message, User } from 'grammy/types';
import type { Clock } from '../../../src/clock.js';
import { badRequest } from './api-error.js';
import type { ChatRecord, ChatStore, StoredMessage } from './chat-store.js';
import { resolveFormattedText } from './formatted-text.js';
import { readReplyMarkup } from './reply-markup.js';
import type { ReplyMarkup } from './types.js';

export type Payload = Record<string, unknown>;
export type MethodHandler = (payload: Payload, clientGone: AbortSignal) => unknown;

export interface MessageMethodDeps {
  store: ChatStore;
  clock: Clock;
  botUser: User;
}

const CHAT_ACTIONS = new Set([
  'typing', 'upload_photo', 'record_video', 'upload_video', 'record_voice', 'upload_voice',
  'upload_document', 'choose_sticker', 'find_location', 'record_video_note', 'upload_video_note',
]);

const inlineOnly = (markup: ReplyMarkup | undefined): InlineKeyboardMarkup | undefined =>
  markup !== undefined && 'inline_keyboard' in markup ? markup : undefined;

/** Key-order-independent JSON, so "identical content" compares values, not spelling. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function readObject(value: unknown): Record<string, unknown> | undefined {
  if (typeof value === 'string') {
    try {
      return readObject(JSON.parse(value) as unknown);
    } catch {
      return undefined;
    }
  }
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
}

/**
 * The forum topic a message goes to: Telegram refuses a thread that does
 * not exist, and a thread in a chat without topics.
 */
export function readThread(record: ChatRecord, value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const threadId = Number(value);
  if (!Number.isInteger(threadId)) throw badRequest('field "message_thread_id" must be of type Integer');
  if (record.topics?.has(threadId) !== true) throw badRequest('message thread not found');
  return threadId;
}

export function createMessageMethods({ store, clock, botUser }: MessageMethodDeps): Record<string, MethodHandler> {
  const now = () => Math.floor(clock.now() / 1000);

  const findReplyTarget = (record: ChatRecord, payload: Payload): Message | undefined => {
    const legacy = payload['reply_to_message_id'];
    const params =
      readObject(payload['reply_parameters']) ??
      (legacy === undefined
        ? undefined
        : { message_id: legacy, allow_sending_without_reply: payload['allow_sending_without_reply'] });
    if (params === undefined) return undefined;
    if (params['message_id'] === undefined) throw badRequest('can\'t find field "message_id"');
    const target = record.messages.get(Number(params['message_id']));
    if (target !== undefined && !target.deleted) return target.message;
    if (params['allow_sending_without_reply'] === true) return undefined;
    throw badRequest('message to be replied not found');
  };

  const findEditable = (payload: Payload): StoredMessage => {
    if (payload['inline_message_id'] !== undefined) throw badRequest('message to edit not found');
    const record = store.resolveWritable(payload['chat_id']);
    if (payload['message_id'] === undefined) throw badRequest('message identifier is not specified');
    const stored = record.messages.get(Number(payload['message_id']));
    if (stored === undefined || stored.deleted) throw badRequest('message to edit not found');
    if (!stored.fromBot) throw badRequest("message can't be edited");
    return stored;
  };

  const applyEdit = (stored: StoredMessage, changes: Partial<Message>, markup: ReplyMarkup | undefined): Message => {
    const next = { ...stored.message, ...changes };
    const before = canonical([stored.message.text, stored.message.entities ?? [], inlineOnly(stored.markup) ?? null]);
    const after = canonical([next.text, next.entities ?? [], inlineOnly(markup) ?? null]);
    if (before === after) {
      throw badRequest(
        'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
      );
    }
    const inline = inlineOnly(markup);
    delete next.reply_markup;
    if (inline !== undefined) next.reply_markup = inline;
    stored.message = { ...next, edit_date: now() };
    if (markup === undefined) delete stored.markup;
    else stored.markup = markup;
    stored.edits += 1;
    return stored.message;
  };

  return {
    sendMessage(payload) {
      const formatted = resolveFormattedText(payload);
      const markup = readReplyMarkup(payload['reply_markup']);
      const record = store.resolveWritable(payload['chat_id']);
      const replyTo = findReplyTarget(record, payload);
      const threadId = readThread(record, payload['message_thread_id']);
      const protect = payload['protect_content'] === true;
      const inline = inlineOnly(markup);
      const { chat } = record;
      const stored = store.addMessage(
        record,
        (messageId) =>
          ({
            message_id: messageId,
            ...(chat.type === 'channel' ? { sender_chat: chat } : { from: botUser }),
            chat,
            date: now(),
            ...(threadId === undefined ? {} : { message_thread_id: threadId, is_topic_message: true }),
            ...(replyTo === undefined ? {} : { reply_to_message: replyTo }),
            text: formatted.text,
            ...(formatted.entities.length === 0 ? {} : { entities: formatted.entities }),
            ...(inline === undefined ? {} : { reply_markup: inline }),
            ...(protect ? { has_protected_content: true } : {}),
          }) as Message,
        { fromBot: true, deleted: false, protect, edits: 0, ...(markup === undefined ? {} : { markup }) },
      );
      return stored.message;
    },

    editMessageText(payload) {
      const formatted = resolveFormattedText(payload);
      const markup = readReplyMarkup(payload['reply_markup']);
      if (markup !== undefined && inlineOnly(markup) === undefined) throw badRequest('inline keyboard expected');
      const stored = findEditable(payload);
      const changes: Partial<Message> = { text: formatted.text, entities: formatted.entities };
      const edited = applyEdit(stored, changes, markup);
      if (formatted.entities.length === 0) delete edited.entities;
      return edited;
    },

    editMessageReplyMarkup(payload) {
      const markup = readReplyMarkup(payload['reply_markup']);
      if (markup !== undefined && inlineOnly(markup) === undefined) throw badRequest('inline keyboard expected');
      return applyEdit(findEditable(payload), {}, markup);
    },

    deleteMessage(payload) {
      const record = store.resolve(payload['chat_id']);
      const stored = record.messages.get(Number(payload['message_id']));
      if (stored === undefined || stored.deleted) throw badRequest('message to delete not found');
      stored.deleted = true;
      return true;
    },

    sendChatAction(payload) {
      store.resolveWritable(payload['chat_id']);
      if (typeof payload['action'] !== 'string' || !CHAT_ACTIONS.has(payload['action'])) {
        throw badRequest('wrong parameter action in request');
      }
      return true;
    },
  };
}

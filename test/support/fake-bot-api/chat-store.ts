import type { Chat, Message, Update, User } from 'grammy/types';
import { badRequest, forbidden } from './api-error.js';
import type { CallbackAnswer, ChatSpec, FakeUser, ReplyMarkup, SentMessage } from './types.js';
import { richPlainText } from './rich-content.js';

export interface StoredMessage {
  message: Message;
  fromBot: boolean;
  deleted: boolean;
  /** As the bot sent it; Message.reply_markup only ever holds inline keyboards. */
  markup?: ReplyMarkup;
  protect: boolean;
  edits: number;
  /** The bytes of a document the bot uploaded. */
  upload?: Buffer;
}

export interface ChatRecord {
  chat: Chat;
  nextMessageId: number;
  messages: Map<number, StoredMessage>;
  /** In a group: the bot's membership as the last my_chat_member said; undefined for a chat the bot was never added to or removed from. */
  botStatus?: 'member' | 'administrator' | 'left' | 'kicked';
  /** In a forum supergroup: its topics by message_thread_id. */
  topics?: Map<number, string>;
}

export interface ChatStore {
  remember(chat: Chat): ChatRecord;
  rememberFromUpdate(update: Update): void;
  /** Resolves `chat_id` as Telegram does: numbers, numeric strings and `@username`. */
  resolve(chatId: unknown): ChatRecord;
  /** Like resolve, then refuses chats whose user blocked the bot. */
  resolveWritable(chatId: unknown): ChatRecord;
  find(chatId: number): ChatRecord | undefined;
  addMessage(record: ChatRecord, build: (messageId: number) => Message, extra: Omit<StoredMessage, 'message'>): StoredMessage;
  blocked: Set<number>;
  /** People the bot met in a group (they wrote or pressed there) without their private chat: Telegram refuses to write to them first (403). */
  metInGroups: Set<number>;
  callbackQueries: Map<string, { answered?: CallbackAnswer }>;
}

export function toUser(user: FakeUser): User {
  return {
    id: user.id,
    is_bot: false,
    first_name: user.firstName ?? `User ${user.id}`,
    ...(user.lastName === undefined ? {} : { last_name: user.lastName }),
    ...(user.username === undefined ? {} : { username: user.username }),
    ...(user.languageCode === undefined ? {} : { language_code: user.languageCode }),
  };
}

export function toChat(spec: ChatSpec | FakeUser): Chat {
  if (!('type' in spec) || spec.type === 'private') {
    const user = 'type' in spec ? { id: spec.id, ...(spec.username === undefined ? {} : { username: spec.username }) } : spec;
    const asUser = toUser(user);
    return {
      id: user.id,
      type: 'private',
      first_name: asUser.first_name,
      ...(asUser.last_name === undefined ? {} : { last_name: asUser.last_name }),
      ...(asUser.username === undefined ? {} : { username: asUser.username }),
    };
  }
  const title = spec.title ?? `Chat ${spec.id}`;
  if (spec.type === 'group') return { id: spec.id, type: 'group', title };
  const username = spec.username === undefined ? {} : { username: spec.username };
  return spec.type === 'supergroup'
    ? { id: spec.id, type: 'supergroup', title, ...username, ...(spec.isForum === true ? { is_forum: true as const } : {}) }
    : { id: spec.id, type: 'channel', title, ...username };
}

export function toSentMessage(stored: StoredMessage): SentMessage {
  const { message } = stored;
  return {
    message_id: message.message_id,
    chat_id: message.chat.id,
    // A rich message reads as its blocks' text, so that matching a message by its words finds it too.
    text: message.text ?? message.caption ?? (message.rich_message ? richPlainText(message.rich_message.blocks) : ''),
    ...(message.rich_message === undefined ? {} : { rich: message.rich_message }),
    entities: message.entities ?? message.caption_entities ?? [],
    ...(stored.markup === undefined ? {} : { reply_markup: stored.markup }),
    protect_content: stored.protect,
    deleted: stored.deleted,
    date: message.date,
    ...(message.edit_date === undefined ? {} : { edit_date: message.edit_date }),
    ...(message.reply_to_message === undefined ? {} : { reply_to_message_id: message.reply_to_message.message_id }),
    ...(message.message_thread_id === undefined ? {} : { thread_id: message.message_thread_id }),
    edits: stored.edits,
    ...(message.photo === undefined || stored.upload === undefined ? {} : { photo: stored.upload }),
    ...(message.document === undefined || stored.upload === undefined
      ? {}
      : {
          document: {
            fileName: message.document.file_name ?? '',
            mimeType: message.document.mime_type ?? '',
            content: stored.upload,
          },
        }),
  };
}

export function createChatStore(): ChatStore {
  const chats = new Map<number, ChatRecord>();
  const blocked = new Set<number>();
  const metInGroups = new Set<number>();
  const callbackQueries = new Map<string, { answered?: CallbackAnswer }>();

  const remember = (chat: Chat): ChatRecord => {
    const known = chats.get(chat.id);
    if (known !== undefined) {
      known.chat = { ...known.chat, ...chat } as Chat;
      return known;
    }
    const record: ChatRecord = { chat, nextMessageId: 1, messages: new Map() };
    chats.set(chat.id, record);
    return record;
  };

  const resolve = (chatId: unknown): ChatRecord => {
    if (chatId === undefined || chatId === null || chatId === '') throw badRequest('chat_id is empty');
    let record: ChatRecord | undefined;
    if (typeof chatId === 'number') record = chats.get(chatId);
    else if (typeof chatId === 'string' && /^-?\d+$/.test(chatId)) record = chats.get(Number(chatId));
    else if (typeof chatId === 'string' && chatId.startsWith('@')) {
      const name = chatId.slice(1).toLowerCase();
      record = [...chats.values()].find((candidate) => candidate.chat.username?.toLowerCase() === name);
    }
    if (record === undefined && typeof chatId === 'number' && metInGroups.has(chatId)) throw forbidden("bot can't initiate conversation with a user");
    if (record === undefined) throw badRequest('chat not found');
    return record;
  };

  return {
    remember,
    rememberFromUpdate(update) {
      for (const value of Object.values(update)) {
        if (value === null || typeof value !== 'object') continue;
        const candidate = value as { chat?: Chat; message?: { chat?: Chat } };
        if (candidate.message?.chat !== undefined) remember(candidate.message.chat);
        if (candidate.chat === undefined) continue;
        const record = remember(candidate.chat);
        // A raw message keeps its id; later messages in the chat must not reuse it.
        const message = value as Partial<Message>;
        if (typeof message.message_id === 'number' && !record.messages.has(message.message_id)) {
          record.messages.set(message.message_id, { message: message as Message, fromBot: false, deleted: false, protect: false, edits: 0 });
          record.nextMessageId = Math.max(record.nextMessageId, message.message_id + 1);
        }
      }
    },
    resolve,
    resolveWritable(chatId) {
      const record = resolve(chatId);
      if (record.chat.type === 'private' && blocked.has(record.chat.id)) throw forbidden('bot was blocked by the user');
      if (record.botStatus === 'kicked') throw forbidden(`bot was kicked from the ${record.chat.type === 'group' ? 'group' : 'supergroup'} chat`);
      if (record.botStatus === 'left') throw forbidden(`bot is not a member of the ${record.chat.type === 'group' ? 'group' : 'supergroup'} chat`);
      return record;
    },
    find: (chatId) => chats.get(chatId),
    addMessage(record, build, extra) {
      const stored: StoredMessage = { message: build(record.nextMessageId++), ...extra };
      record.messages.set(stored.message.message_id, stored);
      return stored;
    },
    blocked,
    metInGroups,
    callbackQueries,
  };
}

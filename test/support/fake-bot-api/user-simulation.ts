import type { Message, MessageEntity, Update } from 'grammy/types';
import type { Clock } from '../../../src/clock.js';
import { toChat, toUser, type ChatStore } from './chat-store.js';
import { listButtons } from './inspection.js';
import type { UpdateQueue } from './update-queue.js';
import type { ChatSpec, FakeUser, RawUpdate } from './types.js';

export interface UserSimulationDeps {
  store: ChatStore;
  queue: UpdateQueue;
  clock: Clock;
}

export interface UserSimulation {
  addChat(chat: FakeUser | ChatSpec): void;
  /** `replyTo`: the message (of the bot's) the user answers with Reply, as a force_reply prompt makes them. */
  sendText(from: FakeUser, text: string, chat?: ChatSpec, options?: { replyTo?: number; threadId?: number }): Message;
  pressButton(from: FakeUser, messageId: number, data: string, chatId: number): string;
  pushUpdate(update: RawUpdate): Update;
}

// tdlib's bot command pattern: not preceded by a word character, '/', '<' or '>'.
const BOT_COMMAND = /(?<![\p{L}\p{N}_/<>])\/[a-zA-Z0-9_]{1,64}(?:@[a-zA-Z0-9_]{3,32})?(?![\p{L}\p{N}_/<>])/gu;

export function commandEntities(text: string): MessageEntity[] {
  return [...text.matchAll(BOT_COMMAND)].map((match) => ({
    type: 'bot_command' as const,
    offset: match.index,
    length: match[0].length,
  }));
}

export function createUserSimulation({ store, queue, clock }: UserSimulationDeps): UserSimulation {
  const now = () => Math.floor(clock.now() / 1000);
  let nextCallbackId = 1;

  return {
    addChat(chat) {
      store.remember(toChat(chat));
    },

    sendText(from, text, spec, options) {
      const chat = toChat(spec ?? from);
      const record = store.remember(chat);
      const repliedTo = options?.replyTo === undefined ? undefined : record.messages.get(options.replyTo)?.message;
      if (options?.replyTo !== undefined && repliedTo === undefined) throw new Error(`sendText: chat ${chat.id} has no message ${options.replyTo} to reply to`);
      // Writing to a bot unblocks it, as in the Telegram apps.
      if (chat.type === 'private') store.blocked.delete(chat.id);
      else store.metInGroups.add(from.id);
      const entities = commandEntities(text);
      const stored = store.addMessage(
        record,
        (messageId) =>
          ({
            message_id: messageId,
            ...(chat.type === 'channel' ? { sender_chat: chat } : { from: toUser(from) }),
            chat,
            date: now(),
            ...(options?.threadId === undefined ? {} : { message_thread_id: options.threadId, is_topic_message: true }),
            text,
            ...(entities.length === 0 ? {} : { entities }),
            ...(repliedTo === undefined ? {} : { reply_to_message: repliedTo }),
          }) as Message,
        { fromBot: false, deleted: false, protect: false, edits: 0 },
      );
      const update = chat.type === 'channel' ? { channel_post: stored.message } : { message: stored.message };
      queue.push(update as RawUpdate);
      return stored.message;
    },

    pressButton(from, messageId, data, chatId) {
      const stored = store.find(chatId)?.messages.get(messageId);
      if (stored === undefined || stored.deleted || !stored.fromBot) {
        throw new Error(`pressButton: chat ${chatId} has no message ${messageId} from the bot that is still shown`);
      }
      const buttons = listButtons(stored.markup);
      if (!buttons.some((button) => 'callback_data' in button && button.callback_data === data)) {
        throw new Error(
          `pressButton: message ${messageId} in chat ${chatId} has no button with callback_data ${JSON.stringify(data)}; ` +
            `its buttons: ${buttons.map((b) => `${JSON.stringify(b.text)} -> ${'callback_data' in b ? JSON.stringify(b.callback_data) : 'no callback_data'}`).join(', ') || 'none'}`,
        );
      }
      if (stored.message.chat.type !== 'private') store.metInGroups.add(from.id);
      const id = `${4_000_000_000_000 + nextCallbackId++}`;
      store.callbackQueries.set(id, {});
      queue.push({
        callback_query: {
          id,
          from: toUser(from),
          message: stored.message,
          chat_instance: `instance-${chatId}`,
          data,
        },
      });
      return id;
    },

    pushUpdate(raw) {
      store.rememberFromUpdate(raw as Update);
      if (raw.callback_query !== undefined) store.callbackQueries.set(raw.callback_query.id, {});
      return queue.push(raw);
    },
  };
}

import type { BotCommand, UserFromGetMe } from 'grammy/types';
import { badRequest } from './api-error.js';
import type { ChatStore } from './chat-store.js';
import type { MethodHandler, Payload } from './message-methods.js';
import type { UpdateQueue } from './update-queue.js';

const SCOPE_TYPES = new Set([
  'default', 'all_private_chats', 'all_group_chats', 'all_chat_administrators', 'chat',
  'chat_administrators', 'chat_member',
]);
const MAX_COMMANDS = 100;

export interface BotMethodDeps {
  me: UserFromGetMe;
  store: ChatStore;
  queue: UpdateQueue;
}

export interface CommandRegistry {
  get(scope?: Record<string, unknown>, languageCode?: string): BotCommand[];
}

function readJsonField(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** One key per (scope, language), like Telegram's own command lists. */
export function commandKey(scopeValue: unknown, languageValue: unknown): string {
  const scope = (readJsonField(scopeValue) ?? { type: 'default' }) as Record<string, unknown>;
  if (typeof scope !== 'object' || typeof scope['type'] !== 'string' || !SCOPE_TYPES.has(scope['type'])) {
    throw badRequest('unsupported bot command scope type');
  }
  const languageCode = typeof languageValue === 'string' ? languageValue : '';
  if (languageCode !== '' && !/^[a-z]{2}$/.test(languageCode)) throw badRequest('invalid language code specified');
  return JSON.stringify([scope['type'], scope['chat_id'] ?? null, scope['user_id'] ?? null, languageCode]);
}

// Mirrors tdlib's set_commands checks, then the server's BOT_COMMAND_INVALID for the character set.
function readCommands(value: unknown): BotCommand[] {
  const list = readJsonField(value);
  if (!Array.isArray(list)) throw badRequest('field "commands" must be of type Array');
  if (list.length > MAX_COMMANDS) throw badRequest('BOT_COMMANDS_TOO_MUCH');
  return list.map((item: unknown) => {
    const entry = (item ?? {}) as Record<string, unknown>;
    if (typeof entry['command'] !== 'string') throw badRequest('can\'t parse BotCommand: Can\'t find field "command"');
    if (typeof entry['description'] !== 'string') {
      throw badRequest('can\'t parse BotCommand: Can\'t find field "description"');
    }
    let command = entry['command'].trim();
    if (command.startsWith('/')) command = command.slice(1);
    const description = entry['description'].trim();
    if (command === '') throw badRequest('command must be non-empty');
    if ([...command].length > 32) throw badRequest('command length must not exceed 32');
    if (description === '') throw badRequest('command description must be non-empty');
    if ([...description].length > 256) throw badRequest('command description length must not exceed 256');
    if (!/^[a-z0-9_]{1,32}$/.test(command)) throw badRequest('BOT_COMMAND_INVALID');
    return { command, description };
  });
}

export function createBotMethods({ me, store, queue }: BotMethodDeps): {
  handlers: Record<string, MethodHandler>;
  commands: CommandRegistry;
  /** Chats the bot left with leaveChat. */
  leftChats: ReadonlySet<number>;
} {
  const commandLists = new Map<string, BotCommand[]>();
  const leftChats = new Set<number>();
  const scopeOf = (payload: Payload) => commandKey(payload['scope'], payload['language_code']);

  const handlers: Record<string, MethodHandler> = {
    getMe: () => me,
    setMyCommands(payload) {
      const key = scopeOf(payload);
      const commands = readCommands(payload['commands']);
      if (commands.length === 0) commandLists.delete(key);
      else commandLists.set(key, commands);
      return true;
    },
    getMyCommands: (payload) => commandLists.get(scopeOf(payload)) ?? [],
    deleteMyCommands(payload) {
      commandLists.delete(scopeOf(payload));
      return true;
    },
    leaveChat(payload) {
      const record = store.resolve(payload['chat_id']);
      if (record.chat.type === 'private') throw badRequest('chat member status can\'t be changed in private chats');
      leftChats.add(record.chat.id);
      return true;
    },
    answerCallbackQuery(payload) {
      const query = store.callbackQueries.get(String(payload['callback_query_id']));
      if (query === undefined || query.answered !== undefined) {
        throw badRequest('query is too old and response timeout expired or query ID is invalid');
      }
      const pick = <K extends string>(key: K) => (payload[key] === undefined ? {} : { [key]: payload[key] });
      query.answered = { ...pick('text'), ...pick('show_alert'), ...pick('url'), ...pick('cache_time') };
      return true;
    },
  };

  return {
    handlers,
    commands: { get: (scope, languageCode) => commandLists.get(commandKey(scope, languageCode)) ?? [] },
    leftChats,
  };
}

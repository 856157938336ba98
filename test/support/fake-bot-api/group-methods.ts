import type { Update } from 'grammy/types';
import type { Clock } from '../../../src/clock.js';
import { badRequest } from './api-error.js';
import { toChat, toUser, type ChatStore } from './chat-store.js';
import type { MethodHandler } from './message-methods.js';
import type { ChatSpec, FakeUser, RawUpdate } from './types.js';
import type { UpdateQueue } from './update-queue.js';

export interface GroupSimulation {
  /** `by` adds the bot to the group: a my_chat_member update from them, as Telegram sends. */
  addBotToGroup(by: FakeUser, group: ChatSpec): Update;
  /** `by` removes the bot ('kicked'), or the group is gone ('left'): a my_chat_member update, and sends there are refused (403) from now on. */
  removeBotFromGroup(by: FakeUser, groupId: number, status?: 'kicked' | 'left'): Update;
  /** The forum topics the bot created in the group, by message_thread_id. */
  topics(groupId: number): Map<number, string>;
}

/** Telegram's first topic id in a forum is the General topic's (1); the ones created after it count up from here. */
const FIRST_TOPIC_ID = 2;

/**
 * Groups as Telegram has them for a bot: it is added or removed by a member
 * (my_chat_member), and a forum supergroup takes topics (createForumTopic)
 * that messages go to by message_thread_id.
 */
export function createGroupMethods(deps: { store: ChatStore; queue: UpdateQueue; clock: Clock; botId: number; botName: string; botUsername: string }): {
  handlers: Record<string, MethodHandler>;
  simulation: GroupSimulation;
} {
  const { store, queue } = deps;
  const now = () => Math.floor(deps.clock.now() / 1000);
  const bot = { id: deps.botId, is_bot: true, first_name: deps.botName, username: deps.botUsername };

  const membership = (by: FakeUser, groupId: number, from: string, to: string): Update => {
    const record = store.find(groupId);
    if (record === undefined) throw new Error(`no group ${groupId}: add the bot to it first`);
    const update: RawUpdate = {
      my_chat_member: {
        chat: record.chat,
        from: toUser(by),
        date: now(),
        old_chat_member: { status: from, user: bot },
        new_chat_member: { status: to, user: bot },
      } as never,
    };
    return queue.push(update);
  };

  return {
    handlers: {
      createForumTopic(payload) {
        const record = store.resolveWritable(payload['chat_id']);
        if (record.chat.type !== 'supergroup' || record.chat.is_forum !== true) throw badRequest('the chat is not a forum');
        const name = typeof payload['name'] === 'string' ? payload['name'] : '';
        if (name.length === 0 || [...name].length > 128) throw badRequest('TOPIC_TITLE_EMPTY');
        record.topics ??= new Map();
        const threadId = Math.max(FIRST_TOPIC_ID - 1, ...record.topics.keys()) + 1;
        record.topics.set(threadId, name);
        return { message_thread_id: threadId, name, icon_color: 7322096 };
      },
      getChat(payload) {
        return store.resolve(payload['chat_id']).chat;
      },
    },
    simulation: {
      addBotToGroup(by, group) {
        if (group.type !== 'group' && group.type !== 'supergroup') throw new Error('addBotToGroup: a group or a supergroup');
        const record = store.remember(toChat(group));
        const before = record.botStatus ?? 'left';
        record.botStatus = 'member';
        if (group.isForum === true) record.topics ??= new Map();
        return membership(by, group.id, before, 'member');
      },
      removeBotFromGroup(by, groupId, status = 'kicked') {
        const record = store.find(groupId);
        const before = record?.botStatus ?? 'member';
        const update = membership(by, groupId, before, status);
        record!.botStatus = status;
        return update;
      },
      topics: (groupId) => new Map(store.find(groupId)?.topics ?? []),
    },
  };
}

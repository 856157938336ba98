import type { Clock } from '../clock.js';
import type { AppStateStore } from '../db/app-state-store.js';
import type { AuditTrail } from '../db/audit-trail.js';
import type { AdminChange } from '../domain/approvals.js';
import type { Logger } from '../logger.js';

/** What goes to the administrators' group, each in its own topic where the group has topics. */
export const ADMIN_GROUP_TOPICS = ['approvals', 'alerts', 'feed'] as const;
export type AdminGroupTopic = (typeof ADMIN_GROUP_TOPICS)[number];

export interface AdminGroup {
  chatId: number;
  title: string;
  forum: boolean;
  /** The thread of each topic in a forum supergroup; empty in a plain group (everything in the one chat). */
  topics: Partial<Record<AdminGroupTopic, number>>;
  boundBy: number;
  boundAt: number;
}

/** Where one message for the administrators goes in the group: the chat, and the topic's thread when it has topics. */
export interface GroupPlace {
  chatId: number;
  threadId?: number;
}

export interface AdminGroupBinding {
  /** The group bound now, read from the database (another instance may have bound or lost it). */
  current(): Promise<AdminGroup | null>;
  /** Where a kind of message goes in the bound group, or null when none is bound. */
  placeFor(topic: AdminGroupTopic): Promise<GroupPlace | null>;
  /** Writes a confirmed binding or unbinding (dual control, or one administrator alone). */
  apply(change: Extract<AdminChange, { kind: 'admin-group' }>, actorId: number): Promise<void>;
  /** The bot was removed from the group or the group is gone: unbound at once, audited; false when it was not the bound group. */
  lost(chatId: number, by: number | null): Promise<boolean>;
  /** Administrators who still want their private copies once a group is bound. */
  privateCopies(): Promise<number[]>;
  setPrivateCopies(adminId: number, on: boolean): Promise<void>;
}

const GROUP_KEY = 'admin-group';
const PRIVATE_KEY = 'admin-group.private-copies';
/** Topics of a group bound before and unbound since: binding it again reuses them instead of making new ones. */
const TOPICS_KEY = (chatId: number) => `admin-group.topics.${chatId}`;

export function createAdminGroupBinding(deps: {
  appState: AppStateStore;
  audit: Pick<AuditTrail, 'record'>;
  /** Creates a forum topic and answers its thread id (Bot API createForumTopic). */
  createTopic: (chatId: number, topic: AdminGroupTopic) => Promise<number>;
  clock: Clock;
  logger: Logger;
}): AdminGroupBinding {
  const { appState, logger } = deps;
  const current = () => appState.get<AdminGroup>(GROUP_KEY);
  const audit = (actorId: number | null, action: string, group: Pick<AdminGroup, 'chatId' | 'title'>) =>
    deps.audit.record({ actorId, action, orderId: null, amount: null, facts: { group: group.chatId, title: group.title } }).catch((error: unknown) => {
      logger.error({ action, err: error instanceof Error ? error.name : String(error) }, 'could not audit an administrators\' group event');
    });

  /** The topics of a forum, made where missing: a topic that cannot be made leaves its messages in the General topic. */
  async function topicsOf(chatId: number): Promise<AdminGroup['topics']> {
    const known = (await appState.get<AdminGroup['topics']>(TOPICS_KEY(chatId))) ?? {};
    const topics: AdminGroup['topics'] = { ...known };
    for (const topic of ADMIN_GROUP_TOPICS) {
      if (topics[topic] !== undefined) continue;
      try {
        topics[topic] = await deps.createTopic(chatId, topic);
      } catch (error) {
        logger.warn({ chatId, topic, err: error instanceof Error ? error.message : String(error) }, 'could not create a topic in the administrators\' group');
      }
    }
    await appState.set(TOPICS_KEY(chatId), topics);
    return topics;
  }

  return {
    current,
    async placeFor(topic) {
      const group = await current();
      if (group === null) return null;
      const threadId = group.topics[topic];
      return { chatId: group.chatId, ...(threadId === undefined ? {} : { threadId }) };
    },
    async apply(change, actorId) {
      if (change.verb === 'unbind') {
        const group = await current();
        if (group === null || group.chatId !== change.chatId) return;
        await appState.set(GROUP_KEY, null);
        await audit(actorId, 'admin_group_unbound', group);
        return;
      }
      const topics = change.forum ? await topicsOf(change.chatId) : {};
      const group: AdminGroup = { chatId: change.chatId, title: change.title, forum: change.forum, topics, boundBy: actorId, boundAt: deps.clock.now() };
      await appState.set(GROUP_KEY, { ...group });
      await audit(actorId, 'admin_group_bound', group);
    },
    async lost(chatId, by) {
      const group = await appState.update<AdminGroup, AdminGroup | null>(GROUP_KEY, (now) => (now?.chatId === chatId ? { next: null, result: now } : { result: null }));
      if (group === null) return false;
      logger.warn({ chatId }, 'the administrators\' group is gone: everything goes to private chats again');
      await audit(by, 'admin_group_lost', group);
      return true;
    },
    privateCopies: async () => (await appState.get<number[]>(PRIVATE_KEY)) ?? [],
    async setPrivateCopies(adminId, on) {
      await appState.update<number[], null>(PRIVATE_KEY, (now) => {
        const rest = (now ?? []).filter((id) => id !== adminId);
        return { next: on ? [...rest, adminId] : rest, result: null };
      });
    },
  };
}

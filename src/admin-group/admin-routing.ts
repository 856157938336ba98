import type { AdminRecipient } from '../alerts/admin-alerts.js';
import type { Logger } from '../logger.js';
import type { Locale, Translate } from '../text/i18n.js';
import type { Report } from '../text/rich/report.js';
import { isGroupChat } from '../text/telegram-id.js';
import type { AdminGroupBinding, AdminGroupTopic } from './admin-group-binding.js';

/** Delivers one plain text to one chat, in a forum topic when `threadId` is given. */
export type SendTextTo = (chatId: number, text: string, options?: { threadId?: number }) => Promise<void>;

/** Delivers one long report (rich where the Bot API server takes it) to one chat, in a forum topic when `threadId` is given. */
export type SendReportTo = (chatId: number, report: Report, options?: { threadId?: number }) => Promise<void>;

/** Who hears one kind of administrators' news, and how a text or a report reaches them: what alerts, the feed and the digest are given. */
export interface AdminRoute {
  recipients(): Promise<AdminRecipient[]>;
  sendText(chatId: number, text: string): Promise<void>;
  sendReport(chatId: number, report: Report): Promise<void>;
}

/**
 * The one place that decides where administrators' news goes: to the bound
 * group (its topic for the kind, where it has topics) and to the
 * administrators who asked for private copies too; with no group, to every
 * administrator privately, as always. A text the group did not take
 * (removed meanwhile, a refusal) goes to each administrator privately
 * instead, so that nothing is lost in between. Only what these routes carry
 * reaches the group: codes, answers, enrolment and files never take them.
 */
export function createAdminRouting(deps: {
  binding: Pick<AdminGroupBinding, 'current' | 'privateCopies'>;
  admins: () => AdminRecipient[];
  /** The group reads in the deployment's default language. */
  groupLocale: Locale;
  sendText: SendTextTo;
  sendReport: SendReportTo;
  logger: Logger;
}) {
  const { logger } = deps;
  return {
    route(topic: AdminGroupTopic): AdminRoute {
      // The topic of the group as last read by recipients(): a send follows the read that named the group.
      const threads = new Map<number, number | undefined>();
      /** Sends by `attempt` to the chat, in the kind's topic where the chat is the group; what the group does not take goes privately instead. */
      const deliver = async (chatId: number, attempt: (to: number, options: { threadId?: number }) => Promise<void>) => {
        if (!threads.has(chatId)) return attempt(chatId, {});
        const threadId = threads.get(chatId);
        try {
          await attempt(chatId, threadId === undefined ? {} : { threadId });
        } catch (error) {
          logger.warn({ chatId, topic, err: error instanceof Error ? error.message : String(error) }, 'the administrators\' group did not take a message: sent privately instead');
          const copies = await deps.binding.privateCopies().catch(() => [] as number[]);
          for (const admin of deps.admins()) {
            if (copies.includes(admin.telegramId)) continue;
            await attempt(admin.telegramId, {}).catch(() => undefined);
          }
        }
      };
      return {
        async recipients() {
          const group = await deps.binding.current().catch((error: unknown) => {
            // A database that cannot say where the group is: private chats, where news always reached.
            logger.warn({ err: error instanceof Error ? error.name : String(error) }, 'could not read the administrators\' group');
            return null;
          });
          const admins = deps.admins();
          if (group === null) return admins;
          threads.set(group.chatId, group.topics[topic]);
          const copies = await deps.binding.privateCopies().catch(() => [] as number[]);
          return [{ telegramId: group.chatId, locale: deps.groupLocale }, ...admins.filter((admin) => copies.includes(admin.telegramId))];
        },
        sendText: (chatId, text) => deliver(chatId, (to, options) => deps.sendText(to, text, options)),
        sendReport: (chatId, report) => deliver(chatId, (to, options) => deps.sendReport(to, report, options)),
      };
    },
  };
}

/** A line for the administrators but `exceptId`, each in their language (as src/bot/notify-other-admins.ts has it). Never throws. */
export type NoticeToAdmins = (exceptId: number | number[], render: (t: Translate, locale: Locale) => string) => Promise<void>;

/**
 * A notice that is news for the administrators (a case opened) by the
 * route of its kind: to the bound group's topic, where everyone reads it,
 * the one who caused it too (they are in the group; only their private
 * copy is spared), and to those who asked for private copies; with no
 * group, `privately` as always. Only what is fit for the whole group may
 * take this: the notice is written once, in the group's language.
 */
export function noticeThroughRoute(deps: { route: AdminRoute; translate: (locale: Locale) => Translate; privately: NoticeToAdmins; logger: Logger }): NoticeToAdmins {
  return async (exceptId, render) => {
    const except = [exceptId].flat();
    const recipients = await deps.route.recipients();
    // No group chat among the recipients means no group is bound.
    if (!recipients.some((recipient) => isGroupChat(recipient.telegramId))) return deps.privately(exceptId, render);
    for (const { telegramId, locale } of recipients) {
      if (except.includes(telegramId)) continue;
      await deps.route
        .sendText(telegramId, render(deps.translate(locale), locale))
        .catch((error: unknown) => deps.logger.warn({ chatId: telegramId, err: error instanceof Error ? error.name : String(error) }, 'could not tell the administrators'));
    }
  };
}

export type AdminRouting = ReturnType<typeof createAdminRouting>;

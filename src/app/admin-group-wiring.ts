import type { Api } from 'grammy';
import { createAdminGroupBinding } from '../admin-group/admin-group-binding.js';
import { createAdminRouting, type SendReportTo, type SendTextTo } from '../admin-group/admin-routing.js';
import type { AdminRecipient } from '../alerts/admin-alerts.js';
import type { Clock } from '../clock.js';
import type { Stores } from '../db/stores.js';
import type { Logger } from '../logger.js';
import type { Locale, Translate } from '../text/i18n.js';

/**
 * The administrators' group: its binding (kept in app state, topics made
 * in the deployment's default language) and the one routing that alerts,
 * the feed and the digest take to reach it or each administrator.
 */
export function wireAdminGroup(deps: {
  stores: Pick<Stores, 'appState' | 'auditTrail'>;
  api: Api;
  translate: (locale: Locale) => Translate;
  defaultLocale: Locale;
  sendText: SendTextTo;
  sendReport: SendReportTo;
  admins: () => AdminRecipient[];
  clock: Clock;
  logger: Logger;
}) {
  const logger = deps.logger.child({ component: 'admin-group' });
  const adminGroup = createAdminGroupBinding({
    appState: deps.stores.appState,
    audit: deps.stores.auditTrail,
    createTopic: async (chatId, topic) => (await deps.api.createForumTopic(chatId, deps.translate(deps.defaultLocale)(`admin-group-topic-${topic}`))).message_thread_id,
    clock: deps.clock,
    logger,
  });
  const routing = createAdminRouting({ binding: adminGroup, admins: deps.admins, groupLocale: deps.defaultLocale, sendText: deps.sendText, sendReport: deps.sendReport, logger });
  /** Where approval cards go in the group; with step-up on too, an Approve pressed there asks the presser's code in their private chat. */
  const approvalsPlace = async () => {
    const group = await adminGroup.placeFor('approvals');
    return group && { ...group, locale: deps.defaultLocale, privateCopies: await adminGroup.privateCopies() };
  };
  return { adminGroup, routing, approvalsPlace };
}

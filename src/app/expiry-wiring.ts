import type { Clock } from '../clock.js';
import { createExpiryReminderPass } from '../expiry/expiry-reminders.js';
import { reminderMessage } from '../expiry/reminder-text.js';
import type { Logger } from '../logger.js';
import { translatorFor } from '../text/i18n.js';
import type { Services } from './services.js';
import { readerViewOf } from '../text/presentation.js';

/**
 * The expiry reminders' pass on the services: the outbox's connection (the
 * pass gives a reminder back itself when Telegram asks to wait), the
 * staff as they are now, each reminder in its reader's language.
 */
export function expiryReminderPass(deps: {
  services: Pick<Services, 'stores' | 'settings' | 'periods' | 'send' | 'viewFreshness' | 'staff' | 'localeOf' | 'presentation'>;
  clock: Clock;
  logger: Logger;
}) {
  const { services } = deps;
  return createExpiryReminderPass({
    store: services.stores.codeExpiries,
    settings: services.settings,
    periods: services.periods,
    orderOf: (orderId) => services.stores.orderQueries.byId(orderId),
    send: services.send,
    freshen: () => services.viewFreshness.check(),
    // Viewers never see codes, not even of orders they placed before: a reminder pointing to them would be a dead end.
    mayReceiveCodes: (userId) => {
      const member = services.staff.current.find(userId);
      return member !== null && member.role !== 'viewer';
    },
    message: (order, reminder) => {
      // A private chat's id is its person's id: the reminder is in their language.
      const locale = services.localeOf(reminder.userId);
      return reminderMessage(order, reminder, readerViewOf(services.presentation, locale, translatorFor(locale)));
    },
    clock: deps.clock,
    logger: deps.logger.child({ component: 'expiry' }),
  });
}

import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { Locale } from '../text/i18n.js';

export interface AdminRecipient {
  telegramId: number;
  locale: Locale;
}

/** Delivers one plain text to one chat; background code talks to Telegram only through this. */
export type SendText = (chatId: number, text: string) => Promise<void>;

export interface AdminAlerts {
  /**
   * Tells every administrator, each in their language, at most once per
   * `key` within `quietMs` (default six hours), so an outage does not flood
   * their chats. Never throws: an alert that cannot be sent is logged.
   */
  alert(key: string, render: (locale: Locale) => string, options?: { quietMs?: number }): Promise<void>;
}

const DEFAULT_QUIET_MS = 6 * 60 * 60 * 1000;

export function createAdminAlerts(deps: {
  recipients: () => AdminRecipient[];
  sendText: SendText;
  clock: Clock;
  logger: Logger;
}): AdminAlerts {
  const lastSent = new Map<string, number>();
  return {
    async alert(key, render, options) {
      const now = deps.clock.now();
      const previous = lastSent.get(key);
      if (previous !== undefined && now - previous < (options?.quietMs ?? DEFAULT_QUIET_MS)) return;
      deps.logger.warn({ alert: key }, 'alerting administrators');
      let reached = 0;
      for (const admin of deps.recipients()) {
        try {
          await deps.sendText(admin.telegramId, render(admin.locale));
          reached += 1;
        } catch (error) {
          deps.logger.error({ alert: key, adminId: admin.telegramId, err: String(error) }, 'could not alert an administrator');
        }
      }
      // Quiet only once someone heard it: an alert lost to a Telegram blip is tried again next time.
      if (reached > 0) lastSent.set(key, now);
    },
  };
}

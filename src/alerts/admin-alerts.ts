import type { Clock } from '../clock.js';
import type { AppStateStore } from '../db/app-state-store.js';
import type { Logger } from '../logger.js';
import type { Locale } from '../text/i18n.js';

export interface AdminRecipient {
  telegramId: number;
  locale: Locale;
}

/** Delivers one plain text to one chat; background code talks to Telegram only through this. */
type SendText = (chatId: number, text: string) => Promise<void>;

export interface AdminAlerts {
  /**
   * Tells every administrator, each in their language, at most once per
   * `key` within `quietMs` (default six hours), so an outage does not flood
   * their chats. Never throws: an alert that cannot be sent is logged.
   * `about` is the person the alert is about, when an administrator: she is
   * told in her own words where she acted, never warned about herself.
   */
  alert(key: string, render: (locale: Locale) => string, options?: { quietMs?: number; about?: number }): Promise<void>;
}

const DEFAULT_QUIET_MS = 6 * 60 * 60 * 1000;

/** Where a shared quiet period is kept: one app_state key per alert key. */
const quietKey = (key: string): string => `alert.quiet.${key}`;

export function createAdminAlerts(deps: {
  /** Read at each alert: the administrators, or the administrators' group where bound (src/admin-group/admin-routing.ts). */
  recipients: () => AdminRecipient[] | Promise<AdminRecipient[]>;
  sendText: SendText;
  clock: Clock;
  logger: Logger;
  /**
   * Given when several instances share the database (PostgreSQL): an
   * alert raised on any of them (a refused payment, a provider's odd
   * answer) is then quiet on all of them, instead of reaching
   * administrators once per instance. Absent, the quiet periods live in
   * this process's memory (SQLite, one instance).
   */
  shared?: Pick<AppStateStore, 'update'>;
}): AdminAlerts {
  const lastSent = new Map<string, number>();
  /** The alert of each key being sent now: one raised meanwhile waits for it, then finds it sent (and quiet). */
  const sending = new Map<string, Promise<void>>();
  const { shared } = deps;

  /**
   * Takes the alert for this instance in one step, so that two instances
   * raising it together send it once: the quiet period starts now, and
   * `release` gives it back when nobody heard it. On a database failure
   * the alert goes out (an alert lost is worse than one doubled).
   */
  async function claim(key: string, now: number, quietMs: number): Promise<{ taken: boolean; release: () => Promise<void> }> {
    const none = { taken: true, release: async () => undefined };
    if (!shared || quietMs <= 0) return none;
    try {
      const before = await shared.update<number, number | null | false>(quietKey(key), (current) =>
        current !== null && now - current < quietMs ? { result: false } : { next: now, result: current },
      );
      if (before === false) return { taken: false, release: none.release };
      const release = async (): Promise<void> => {
        await shared
          .update<number, null>(quietKey(key), (current) => (current === now ? { next: before, result: null } : { result: null }))
          .catch(() => undefined);
      };
      return { taken: true, release };
    } catch (error) {
      deps.logger.warn({ alert: key, err: error instanceof Error ? error.name : String(error) }, 'could not read the shared quiet period of an alert');
      return none;
    }
  }

  async function send(key: string, render: (locale: Locale) => string, options: { quietMs?: number; about?: number } | undefined): Promise<void> {
    const now = deps.clock.now();
    const quietMs = options?.quietMs ?? DEFAULT_QUIET_MS;
    const previous = lastSent.get(key);
    if (previous !== undefined && now - previous < quietMs) return;
    const claimed = await claim(key, now, quietMs);
    if (!claimed.taken) return;
    deps.logger.warn({ alert: key }, 'alerting administrators');
    let reached = 0;
    for (const admin of await deps.recipients()) {
      if (admin.telegramId === options?.about) continue;
      try {
        await deps.sendText(admin.telegramId, render(admin.locale));
        reached += 1;
      } catch (error) {
        deps.logger.error({ alert: key, adminId: admin.telegramId, err: String(error) }, 'could not alert an administrator');
      }
    }
    // Quiet only once someone heard it: an alert lost to a Telegram blip is tried again next time.
    if (reached > 0) lastSent.set(key, now);
    else await claimed.release();
  }

  return {
    async alert(key, render, options) {
      // Two reads refused together (a summary reads the balance and its products at once) raise one alert, not two.
      for (let earlier = sending.get(key); earlier !== undefined; earlier = sending.get(key)) await earlier.catch(() => undefined);
      const sent = send(key, render, options);
      sending.set(key, sent);
      try {
        await sent;
      } finally {
        sending.delete(key);
      }
    },
  };
}

import { eq } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { appStateRead } from './app-state-store.js';
import { appendAuditRow } from './audit-trail.js';
import type { Database, Query } from './seam/database.js';

/**
 * Who paused ordering: the provider refused our key or IP, an administrator
 * said so, Telegram showed that someone else holds the bot's token
 * (alerts/token-watch.ts), or the wallet showed a debit no giftdesk order
 * accounts for (ledger/wallet-watch.ts).
 */
export type PauseSource = 'provider' | 'admin' | 'telegram' | 'wallet';

/** Why no order may be sent. */
export type OrderingPause = {
  source: PauseSource;
  /** The provider's message, or the administrator's words; null when none was given. */
  reason: string | null;
  /** Epoch ms. */
  since: number;
  /** The administrator who paused; null for the provider. */
  by: number | null;
};

/**
 * The ordering switch. `current` reads the database on every call: several
 * instances may share one database, and an administrator's pause must stop
 * every one of them at its next order. Pause and resume each commit with
 * their audit row in the money transaction, so that two pausing at once
 * (the provider's refusal and an administrator) give one first pause,
 * announced once, and an order claimed meanwhile is ordered before or after
 * the switch, never beside it.
 */
export interface OrderingPauseStore {
  /** The pause in force, or null while ordering is open. */
  current(): Promise<OrderingPause | null>;
  /**
   * Pauses ordering unless it already is paused (the first pause stays, so
   * that administrators hear of it once). Returns the pause now in force and
   * whether this call started it.
   */
  pause(input: { source: PauseSource; reason: string | null; by: number | null }): Promise<{ started: boolean; pause: OrderingPause }>;
  /** Opens ordering again; returns the pause it ended, or null when there was none. */
  resume(by: number): Promise<OrderingPause | null>;
}

/** app_state key of the pause; absent or null while ordering is open. */
const ORDERING_PAUSE_KEY = 'ordering.pause';
/** A provider message or an administrator's reason is shown in chats and alerts: keep it to a line or two. */
export const MAX_REASON_LENGTH = 300;

/** One line, trimmed and bounded; an empty reason is no reason. */
function cleanReason(reason: string | null): string | null {
  const line = (reason ?? '').replace(/\s+/g, ' ').trim();
  if (line === '') return null;
  // By code point, so that an emoji or a Persian letter is never cut in half.
  const chars = Array.from(line);
  return chars.length > MAX_REASON_LENGTH ? `${chars.slice(0, MAX_REASON_LENGTH - 1).join('')}…` : line;
}

export function createOrderingPauseStore(deps: { database: Database; clock: Clock }): OrderingPauseStore {
  const { database, clock } = deps;
  const { tables } = database;
  const { appState } = tables;

  // The app_state row as JSON text, the same value the app state store keeps.
  const read = async (exec: Query): Promise<OrderingPause | null> => {
    const [row] = await exec.select({ value: appState.value }).from(appState).where(eq(appState.key, ORDERING_PAUSE_KEY));
    return row ? (JSON.parse(row.value) as OrderingPause | null) : null;
  };
  const write = async (tx: Query, pause: OrderingPause | null, at: Date): Promise<void> => {
    const value = JSON.stringify(pause);
    await tx
      .insert(appState)
      .values({ key: ORDERING_PAUSE_KEY, value, updatedAt: at })
      .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: at } });
  };

  const readNow = appStateRead(database);
  return {
    current: () => readNow<OrderingPause | null>(ORDERING_PAUSE_KEY),

    pause(input) {
      return database.write(async (tx) => {
        const existing = await read(tx);
        if (existing) return { started: false, pause: existing };
        const now = clock.now();
        const pause: OrderingPause = { source: input.source, reason: cleanReason(input.reason), since: now, by: input.by };
        await write(tx, pause, new Date(now));
        await appendAuditRow(tx, tables, new Date(now), {
          actorId: input.by,
          action: 'ordering.paused',
          orderId: null,
          amount: null,
          facts: { source: pause.source, reason: pause.reason },
        });
        return { started: true, pause };
      });
    },

    resume(by) {
      return database.write(async (tx) => {
        const existing = await read(tx);
        if (!existing) return null;
        const at = new Date(clock.now());
        await write(tx, null, at);
        await appendAuditRow(tx, tables, at, {
          actorId: by,
          action: 'ordering.resumed',
          orderId: null,
          amount: null,
          facts: { source: existing.source, since: existing.since },
        });
        return existing;
      });
    },
  };
}

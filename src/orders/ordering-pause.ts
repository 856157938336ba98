import type { Clock } from '../clock.js';
import { createAppStateRepo } from '../db/app-state-repo.js';
import type { Db } from '../db/open.js';
import { appendAudit } from '../db/audit-log.js';

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

export interface OrderingPauseSwitch {
  /** The pause in force, or null while ordering is open. */
  current(): OrderingPause | null;
  /**
   * Pauses ordering unless it already is paused (the first pause stays, so
   * that administrators hear of it once). Returns the pause now in force and
   * whether this call started it.
   */
  pause(input: { source: OrderingPause['source']; reason: string | null; by: number | null }): { started: boolean; pause: OrderingPause };
  /** Opens ordering again; returns the pause it ended, or null when there was none. */
  resume(by: number): OrderingPause | null;
}

/**
 * The ordering switch as every database keeps it. `current` reads the
 * database on every call: several instances may share one database, and an
 * administrator's pause must stop every one of them at its next order.
 * Pause and resume each commit with their audit row.
 */
export interface OrderingPauseStore {
  current(): Promise<OrderingPause | null>;
  pause(input: { source: OrderingPause['source']; reason: string | null; by: number | null }): Promise<{ started: boolean; pause: OrderingPause }>;
  resume(by: number): Promise<OrderingPause | null>;
}

/** The SQLite store: the synchronous switch behind promises; a statement that fails rejects. */
export function createSqliteOrderingPauseStore(deps: { db: Db; clock: Clock }): OrderingPauseStore {
  const pauses = createOrderingPause(deps);
  return {
    current: async () => pauses.current(),
    pause: async (input) => pauses.pause(input),
    resume: async (by) => pauses.resume(by),
  };
}

/** app_state key of the pause; absent or null while ordering is open. */
export const ORDERING_PAUSE_KEY = 'ordering.pause';
/** A provider message or an administrator's reason is shown in chats and alerts: keep it to a line or two. */
export const MAX_REASON_LENGTH = 300;

/**
 * The ordering switch. It lives in SQLite, so a pause survives restarts, and
 * every change writes an audit row in the same transaction.
 */
export function createOrderingPause(deps: { db: Db; clock: Clock }): OrderingPauseSwitch {
  const { db, clock } = deps;
  const state = createAppStateRepo({ db, clock });

  return {
    current: () => state.get<OrderingPause>(ORDERING_PAUSE_KEY),

    pause(input) {
      return db.transaction(
        (tx) => {
          const repo = createAppStateRepo({ db: tx, clock });
          const existing = repo.get<OrderingPause>(ORDERING_PAUSE_KEY);
          if (existing) return { started: false, pause: existing };
          const now = clock.now();
          const pause: OrderingPause = { source: input.source, reason: cleanReason(input.reason), since: now, by: input.by };
          repo.set(ORDERING_PAUSE_KEY, pause);
          appendAudit(tx, new Date(now), {
            actorId: input.by,
            action: 'ordering.paused',
            orderId: null,
            amount: null,
            facts: { source: pause.source, reason: pause.reason },
          });
          return { started: true, pause };
        },
        { behavior: 'immediate' },
      );
    },

    resume(by) {
      return db.transaction(
        (tx) => {
          const repo = createAppStateRepo({ db: tx, clock });
          const existing = repo.get<OrderingPause>(ORDERING_PAUSE_KEY);
          if (!existing) return null;
          repo.set(ORDERING_PAUSE_KEY, null);
          appendAudit(tx, new Date(clock.now()), {
            actorId: by,
            action: 'ordering.resumed',
            orderId: null,
            amount: null,
            facts: { source: existing.source, since: existing.since },
          });
          return existing;
        },
        { behavior: 'immediate' },
      );
    },
  };
}

/** One line, trimmed and bounded; an empty reason is no reason. Shared with the PostgreSQL store. */
export function cleanReason(reason: string | null): string | null {
  const line = (reason ?? '').replace(/\s+/g, ' ').trim();
  if (line === '') return null;
  // By code point, so that an emoji or a Persian letter is never cut in half.
  const chars = Array.from(line);
  return chars.length > MAX_REASON_LENGTH ? `${chars.slice(0, MAX_REASON_LENGTH - 1).join('')}…` : line;
}

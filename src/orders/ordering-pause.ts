import type { Clock } from '../clock.js';
import { createAppStateRepo } from '../db/app-state-repo.js';
import type { Db } from '../db/open.js';
import { appendAudit } from '../db/audit-log.js';
import { cleanReason, ORDERING_PAUSE_KEY, type OrderingPause, type OrderingPauseStore } from '../db/ordering-pause-store.js';

export type { OrderingPause, OrderingPauseStore, PauseSource } from '../db/ordering-pause-store.js';
export { cleanReason, MAX_REASON_LENGTH, ORDERING_PAUSE_KEY } from '../db/ordering-pause-store.js';

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

/** The SQLite store: the synchronous switch behind promises; a statement that fails rejects. */
export function createSqliteOrderingPauseStore(deps: { db: Db; clock: Clock }): OrderingPauseStore {
  const pauses = createOrderingPause(deps);
  return {
    current: async () => pauses.current(),
    pause: async (input) => pauses.pause(input),
    resume: async (by) => pauses.resume(by),
  };
}

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

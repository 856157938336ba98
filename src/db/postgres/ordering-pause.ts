import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import { cleanReason, ORDERING_PAUSE_KEY, type OrderingPause, type OrderingPauseStore } from '../../orders/ordering-pause.js';
import type { PgDb, PgExec } from './open.js';
import { appendAudit, moneyTransaction } from './order-writes.js';
import { appState } from './schema.js';

/**
 * The ordering switch on PostgreSQL: the same app_state row (JSON text) and
 * audit rows as on SQLite. A change holds the money lock, so that two
 * administrators (or the provider's refusal and an administrator) pausing
 * at once give one first pause, announced once, and an order claimed
 * meanwhile is ordered before or after the switch, never beside it.
 */
export function createPostgresOrderingPauseStore(deps: { db: PgDb; clock: Clock }): OrderingPauseStore {
  const { db, clock } = deps;

  const read = async (exec: PgExec): Promise<OrderingPause | null> => {
    const [row] = await exec.select({ value: appState.value }).from(appState).where(eq(appState.key, ORDERING_PAUSE_KEY));
    return row ? (JSON.parse(row.value) as OrderingPause | null) : null;
  };
  const write = async (exec: PgExec, pause: OrderingPause | null, at: Date): Promise<void> => {
    const value = JSON.stringify(pause);
    await exec
      .insert(appState)
      .values({ key: ORDERING_PAUSE_KEY, value, updatedAt: at })
      .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: at } });
  };

  return {
    current: () => read(db),

    pause(input) {
      return moneyTransaction(db, async (tx) => {
        const existing = await read(tx);
        if (existing) return { started: false, pause: existing };
        const now = clock.now();
        const pause: OrderingPause = { source: input.source, reason: cleanReason(input.reason), since: now, by: input.by };
        await write(tx, pause, new Date(now));
        await appendAudit(tx, new Date(now), {
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
      return moneyTransaction(db, async (tx) => {
        const existing = await read(tx);
        if (!existing) return null;
        const at = new Date(clock.now());
        await write(tx, null, at);
        await appendAudit(tx, at, {
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

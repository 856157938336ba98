import type { PgDb, PgTx } from './open.js';
import { holdMoneyLock } from './private-locks.js';

/**
 * The money transaction for the PostgreSQL stores not yet written over the
 * seam (the seam's own is `Database.write`): every transaction changing
 * orders, approvals or their announcements holds the money lock first, the
 * twin of SQLite's immediate transaction, which lets one writer in at a
 * time. Holding it, each statement of READ COMMITTED sees what the previous
 * holder committed, so the checks before a move cannot be raced across
 * connections or instances. Readers never wait for it. A row lock, not an
 * advisory one: no other database role can hold it (private-locks.ts).
 */
export function moneyTransaction<T>(db: PgDb, work: (tx: PgTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await holdMoneyLock(tx);
    return work(tx);
  });
}

import type { Clock } from '../clock.js';
import type { Roles } from '../db/roles.js';
import type { UpdateQueueStore } from '../db/update-queue-store.js';
import type { Logger } from '../logger.js';
import type { ApprovalService } from '../orders/approval-service.js';
import type { OrderService } from '../orders/order-service.js';

/**
 * For orders that carry no owner lock (made before owners were recorded):
 * how long after its POST started such an order in 'placing' may still be
 * in the hands of a live instance, beyond PROVIDER_ORDER_TIMEOUT_MS: the
 * POSTing instance's own timeout moves it on by then, and this margin covers
 * clocks that differ between machines and a slow database write.
 */
const LIVE_FLIGHT_MARGIN_MS = 60_000;

/**
 * While other instances may be serving, the holder of the background work
 * looks for orphans this often: an instance that dies in the middle of a
 * POST holds its wallet (one POST in flight at a time) until then. A pass
 * that finds nothing in hand is three small reads.
 */
export const REPAIR_EVERY_MS = 3_000;

/**
 * Repairs what a process that stopped in the middle left behind: an order
 * whose POST was cut off goes to 'unknown' (the sweep then finds out whether
 * it was placed), an intent never sent is closed as not placed, an approval
 * being checked goes back to waiting. Run by the instance holding the
 * background work only.
 *
 * With the database to itself (`exclusive`: SQLite), nothing of another
 * process can be in flight: everything found is repaired, as before. When
 * other instances may be serving at the same time (PostgreSQL), an order or
 * approval they are working on right now must not be touched: an order
 * moved to 'unknown' while its POST is still on the way could be looked for
 * before the provider has it and be reported as not placed. Each instance
 * holds an owner lock for its whole life and records it on what it works on
 * (src/db/postgres/owner-lock.ts): a row whose owner's lock is free is
 * repaired at once, whatever its age; one whose owner's lock is held never,
 * however old (a Confirm queued behind its own instance's wallet lock
 * included). Rows with no owner recorded, from before owners were, are
 * repaired once they started longer ago than any live POST can last (the
 * order timeout plus a margin) or, when no other instance is alive, before
 * this one did (repairCutOff). The repair runs again every REPAIR_EVERY_MS
 * for what a crashed instance leaves behind later. Moves are
 * compare-and-swap: an intent closed here cannot be sent afterwards by the
 * instance that made it.
 */
export async function repairInterrupted(deps: {
  orders: Pick<OrderService, 'recoverInterrupted'>;
  approvals: Pick<ApprovalService, 'recoverInterrupted'>;
  roles: Pick<Roles, 'exclusive' | 'othersAlive'>;
  /** The update queue: on PostgreSQL, updates a dead instance was handling are released to the living. */
  updates?: Pick<UpdateQueueStore, 'releaseOrphans'>;
  /** When this instance opened the database: nothing of its own started before. */
  startedAt: number;
  placeTimeoutMs: number;
  clock: Clock;
  logger: Logger;
}): Promise<void> {
  const before = await repairCutOff(deps);
  // Logs what it recovered itself.
  await deps.orders.recoverInterrupted(before);
  // After the order service's repair: an approval's order, if one was created, is already sorted out.
  const approvals = await deps.approvals.recoverInterrupted(before);
  if (approvals.requeued + approvals.attached > 0) deps.logger.warn(approvals, 'approvals interrupted by a stopped instance were recovered');
  // On SQLite the start released them all (serving.ts); every other claim there is this process's own.
  if (!deps.roles.exclusive && deps.updates) {
    const updates = await deps.updates.releaseOrphans();
    if (updates > 0) deps.logger.warn({ updates }, 'updates a stopped instance was handling are handled again');
  }
}

/**
 * The cut-off for rows with no owner recorded: none on SQLite (everything
 * is repaired); on PostgreSQL what started longer ago than a live POST can
 * last, and, when no other instance is alive, also everything that started
 * before this instance did (it cannot be this instance's own, and nobody
 * else is left to be working on it): a restart after a crash repairs at
 * once. Rows with an owner are judged by its lock, in the stores.
 */
async function repairCutOff(deps: { roles: Pick<Roles, 'exclusive' | 'othersAlive'>; startedAt: number; placeTimeoutMs: number; clock: Clock }): Promise<Date | undefined> {
  if (deps.roles.exclusive) return undefined;
  const longAgo = deps.clock.now() - deps.placeTimeoutMs - LIVE_FLIGHT_MARGIN_MS;
  const alone = !(await deps.roles.othersAlive());
  return new Date(alone ? Math.max(longAgo, deps.startedAt) : longAgo);
}

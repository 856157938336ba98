import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import { resolvePage } from '../paging.js';
import { assertOrderLines, linesTotal } from '../../orders/order-line.js';
import {
  interruptedPostEnd,
  OPEN_STATES,
  type ClaimResult,
  type OpenIntentResult,
  type OrderRow,
  type OrderStore,
  type TransitionInput,
} from '../../orders/order-repo.js';
import type { PgDb, PgExec } from './open.js';
import { ownerLockHeld } from './owner-lock.js';
import { appendAudit, enqueueNotification, moneyTransaction, transitionOrder } from './order-writes.js';
import { withBatchFact } from '../audit-log.js';
import { orders } from './schema.js';

/**
 * The orders on PostgreSQL: the same calls and results as the SQLite store.
 * Every change runs under the money lock (moneyTransaction), so that its
 * checks (this confirmation already saved, another POST in flight, the same
 * order open) see what any other connection or instance committed before
 * it, as SQLite's single writer guarantees. The unique indexes
 * (orders_confirm_key_idx, orders_one_placing_idx,
 * orders_open_fingerprint_idx) stay as the last guard and never fire.
 */
export function createPostgresOrderStore(deps: {
  db: PgDb;
  clock: Clock;
  /** This process's owner lock (Roles.ownerLock), recorded on the intents it makes and the orders it claims; none in tests of one store alone. */
  ownerLock?: number | null;
}): OrderStore {
  const { db, clock } = deps;
  const ownerLock = deps.ownerLock ?? null;
  const now = () => new Date(clock.now());

  /**
   * Which orders the repair may take as left behind (see
   * OrderStore.recoverInterrupted): with a cut-off, those whose owner's lock
   * is free, or, with no owner recorded, whose `since` is before the cut-off.
   */
  const orphaned = (since: typeof orders.postedAt | typeof orders.createdAt, unownedBefore: Date | undefined): SQL | undefined =>
    unownedBefore === undefined
      ? undefined
      : or(and(isNull(orders.ownerLock), lte(since, unownedBefore)), and(isNotNull(orders.ownerLock), not(ownerLockHeld(orders.ownerLock))));
  // A POST outlives its timeout on no live instance either: an order still 'placing' after the cut-off was left by a path that
  // failed before it could record an outcome, and would hold the wallet's one POST for as long as its instance lives.
  const orphanedPlacing = (unownedBefore: Date | undefined) =>
    and(eq(orders.state, 'placing'), unownedBefore === undefined ? undefined : or(orphaned(orders.postedAt, unownedBefore), lte(orders.postedAt, unownedBefore)));
  const orphanedIntents = (unownedBefore: Date | undefined) => and(eq(orders.state, 'intent'), isNull(orders.postedAt), orphaned(orders.createdAt, unownedBefore));

  const findById = async (exec: PgExec, id: number): Promise<OrderRow | null> =>
    (await exec.select().from(orders).where(eq(orders.id, id)))[0] ?? null;
  const transitionIn = (exec: PgExec, input: TransitionInput): Promise<OrderRow | null> => transitionOrder(exec, input, now());

  return {
    get: (id) => findById(db, id),

    transition(input) {
      return moneyTransaction(db, async (tx) => {
        const moved = await transitionIn(tx, input);
        if (moved) for (const kind of input.notify ?? []) await enqueueNotification(tx, { orderId: moved.id, kind, now: clock.now() });
        return moved;
      });
    },

    openIntent(input) {
      assertOrderLines(input.lines);
      return moneyTransaction(db, async (tx): Promise<OpenIntentResult> => {
        const [confirmed] = await tx.select().from(orders).where(eq(orders.confirmKey, input.confirmKey)).limit(1);
        if (confirmed) return { kind: 'already-confirmed', order: confirmed };
        const [pending] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.fingerprint, input.fingerprint), inArray(orders.state, [...OPEN_STATES])))
          .orderBy(asc(orders.id))
          .limit(1);
        if (pending) return { kind: 'same-order-pending', order: pending };
        const at = now();
        const [order] = await tx
          .insert(orders)
          .values({
            userId: input.userId,
            chatId: input.chatId,
            confirmKey: input.confirmKey,
            fingerprint: input.fingerprint,
            lines: input.lines,
            totalAmount: linesTotal(input.lines),
            state: 'intent',
            sandbox: input.sandbox,
            createdAt: at,
            updatedAt: at,
            ownerLock,
            batchId: input.batch?.id ?? null,
            batchIndex: input.batch?.index ?? null,
          })
          .returning();
        if (!order) throw new Error('the new order was not returned');
        await appendAudit(tx, at, { actorId: input.userId, action: 'order.intent', orderId: order.id, amount: order.totalAmount, facts: withBatchFact(null, order) });
        return { kind: 'created', order };
      });
    },

    claimForPlacing(id, actorId, options = {}) {
      return moneyTransaction(db, async (tx): Promise<ClaimResult> => {
        const order = await findById(tx, id);
        if (!order) throw new Error(`order ${id} does not exist`);
        if (order.state !== 'intent') return { kind: 'moved', order };
        const close = async (cause: string) =>
          (await transitionIn(tx, {
            id,
            from: 'intent',
            to: 'not_placed',
            set: { finishedAt: now() },
            audit: { actorId, action: 'order.not_placed', facts: { cause } },
          })) ?? order;
        const [pending] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.fingerprint, order.fingerprint), inArray(orders.state, [...OPEN_STATES]), ne(orders.id, id)))
          .orderBy(asc(orders.id))
          .limit(1);
        if (pending) return { kind: 'same-order-pending', order: await close('same-order-pending'), pending };
        const [inFlight] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.state, 'placing')).limit(1);
        if (inFlight) return { kind: 'busy', order: options.keepIfBusy ? order : await close('another-in-flight') };
        const placing = await transitionIn(tx, {
          id,
          from: 'intent',
          to: 'placing',
          // The claimer is who POSTs: while its lock is held, the repair leaves the order alone.
          set: { postedAt: now(), ownerLock },
          audit: { actorId, action: 'order.placing' },
        });
        return placing ? { kind: 'placing', order: placing } : { kind: 'moved', order };
      });
    },

    async recoverInterrupted(maxFlightMs, unownedBefore) {
      // Run every few seconds: without the money lock first, which is taken only when something was left behind.
      const [any] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(or(orphanedPlacing(unownedBefore), orphanedIntents(unownedBefore)))
        .limit(1);
      if (!any) return { unknown: 0, notPlaced: 0 };
      return moneyTransaction(db, async (tx) => {
        const at = now();
        const placing = await tx
          .select({ id: orders.id, postedAt: orders.postedAt })
          .from(orders)
          .where(orphanedPlacing(unownedBefore))
          .orderBy(asc(orders.id));
        let unknown = 0;
        for (const { id, postedAt } of placing) {
          const moved = await transitionIn(tx, {
            id,
            from: 'placing',
            to: 'unknown',
            set: { nextCheckAt: at, postEndedAt: interruptedPostEnd(at, postedAt, maxFlightMs) },
            audit: { actorId: null, action: 'order.unknown', facts: { cause: 'interrupted' } },
          });
          if (moved) {
            unknown++;
            await enqueueNotification(tx, { orderId: id, kind: 'interrupted', now: at.getTime() });
          }
        }
        const staleIntents = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(orphanedIntents(unownedBefore))
          .orderBy(asc(orders.id));
        let notPlaced = 0;
        for (const { id } of staleIntents) {
          const moved = await transitionIn(tx, {
            id,
            from: 'intent',
            to: 'not_placed',
            set: { finishedAt: at },
            audit: { actorId: null, action: 'order.not_placed', facts: { cause: 'never-sent' } },
          });
          if (moved) {
            notPlaced++;
            await enqueueNotification(tx, { orderId: id, kind: 'not_placed', now: at.getTime() });
          }
        }
        return { unknown, notPlaced };
      });
    },

    async listForUser(userId, request) {
      const [counted] = await db.select({ n: sql<number>`count(*)` }).from(orders).where(eq(orders.userId, userId));
      const total = Number(counted?.n ?? 0);
      const { page, pageSize, pageCount, offset } = resolvePage(request, total);
      const items = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.id)).limit(pageSize).offset(offset);
      return { items, page, pageCount, total };
    },
  };
}

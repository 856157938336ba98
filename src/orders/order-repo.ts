import { and, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from '../db/open.js';
import { resolvePage, type PageOf, type PageRequest } from '../db/paging.js';
import { orders } from '../db/schema.js';
import { interruptedPostEnd, OPEN_STATES, type ClaimOptions, type ClaimResult, type IntentInput, type NotifyingTransition, type OpenIntentResult, type OrderRow, type OrderStore, type TransitionInput } from '../db/order-store.js';
import type { SyncDb } from '../db/sync-db.js';
import { withBatchFact } from '../db/audit-log.js';
import { appendAudit } from '../db/audit-log.js';
import { enqueueNotification } from './outbox.js';
import { assertOrderLines, linesTotal } from './order-line.js';

export type { AuditEntry, ClaimOptions, ClaimResult, IntentInput, NotifyingTransition, OpenIntentResult, OrderRow, OrderStore, TransitionInput } from '../db/order-store.js';
export { interruptedPostEnd, OPEN_STATES } from '../db/order-store.js';

export type OrderRepo = ReturnType<typeof createOrderRepo>;

/** The SQLite store: the synchronous repository behind promises; a statement that fails rejects. */
export function createSqliteOrderStore(deps: { db: Db; clock: Clock }): OrderStore {
  const repo = createOrderRepo(deps);
  return {
    get: async (id) => repo.get(id),
    transition: async (input) => repo.transition(input),
    openIntent: async (input) => repo.openIntent(input),
    claimForPlacing: async (id, actorId, options) => repo.claimForPlacing(id, actorId, options),
    recoverInterrupted: async (maxFlightMs, unownedBefore) => repo.recoverInterrupted(maxFlightMs, unownedBefore),
    listForUser: async (userId, request) => repo.listForUser(userId, request),
  };
}

/**
 * Compare-and-swap: moves the order only if it is still in an expected
 * state, and writes the audit row with it. Run it inside a transaction
 * (`exec`) so that both commit together; callers that hold a lease check it
 * in the same transaction first. Null when the order had moved on.
 */
export function transitionOrder(exec: SyncDb, input: TransitionInput, at: Date): OrderRow | null {
  const from = typeof input.from === 'string' ? [input.from] : input.from;
  const updated = exec
    .update(orders)
    .set({ ...input.set, state: input.to, updatedAt: at })
    .where(and(eq(orders.id, input.id), inArray(orders.state, [...from])))
    .returning()
    .get();
  if (!updated) return null;
  appendAudit(exec, at, { ...input.audit, orderId: updated.id, amount: updated.totalAmount, facts: withBatchFact(input.audit.facts, updated) });
  return updated;
}

export function createOrderRepo(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const now = () => new Date(clock.now());

  const findById = (exec: SyncDb, id: number): OrderRow | null =>
    exec.select().from(orders).where(eq(orders.id, id)).get() ?? null;

  const transitionIn = (exec: SyncDb, input: TransitionInput): OrderRow | null => transitionOrder(exec, input, now());

  return {
    get: (id: number): OrderRow | null => findById(db, id),

    transition(input: NotifyingTransition): OrderRow | null {
      return db.transaction(
        (tx) => {
          const moved = transitionIn(tx, input);
          if (moved) for (const kind of input.notify ?? []) enqueueNotification(tx, { orderId: moved.id, kind, now: clock.now() });
          return moved;
        },
        { behavior: 'immediate' },
      );
    },

    /** Saves the order before anything is sent, unless this confirmation or the same open order exists. */
    openIntent(input: IntentInput): OpenIntentResult {
      assertOrderLines(input.lines);
      return db.transaction(
        (tx): OpenIntentResult => {
          const confirmed = tx.select().from(orders).where(eq(orders.confirmKey, input.confirmKey)).get();
          if (confirmed) return { kind: 'already-confirmed', order: confirmed };
          const pending = tx
            .select()
            .from(orders)
            .where(and(eq(orders.fingerprint, input.fingerprint), inArray(orders.state, [...OPEN_STATES])))
            .get();
          if (pending) return { kind: 'same-order-pending', order: pending };
          const at = now();
          const order = tx
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
              batchId: input.batch?.id ?? null,
              batchIndex: input.batch?.index ?? null,
            })
            .returning()
            .get();
          appendAudit(tx, at, { actorId: input.userId, action: 'order.intent', orderId: order.id, amount: order.totalAmount, facts: withBatchFact(null, order) });
          return { kind: 'created', order };
        },
        { behavior: 'immediate' },
      );
    },

    /** intent -> placing, after checking nothing else is in flight or open for the same order. */
    claimForPlacing(id: number, actorId: number, options: ClaimOptions = {}): ClaimResult {
      return db.transaction(
        (tx): ClaimResult => {
          const order = findById(tx, id);
          if (!order) throw new Error(`order ${id} does not exist`);
          if (order.state !== 'intent') return { kind: 'moved', order };
          const close = (cause: string) =>
            transitionIn(tx, {
              id,
              from: 'intent',
              to: 'not_placed',
              set: { finishedAt: now() },
              audit: { actorId, action: 'order.not_placed', facts: { cause } },
            }) ?? order;
          const pending = tx
            .select()
            .from(orders)
            .where(
              and(eq(orders.fingerprint, order.fingerprint), inArray(orders.state, [...OPEN_STATES]), ne(orders.id, id)),
            )
            .get();
          if (pending) return { kind: 'same-order-pending', order: close('same-order-pending'), pending };
          const inFlight = tx.select({ id: orders.id }).from(orders).where(eq(orders.state, 'placing')).get();
          if (inFlight) return { kind: 'busy', order: options.keepIfBusy ? order : close('another-in-flight') };
          const placing = transitionIn(tx, {
            id,
            from: 'intent',
            to: 'placing',
            set: { postedAt: now() },
            audit: { actorId, action: 'order.placing' },
          });
          return placing ? { kind: 'placing', order: placing } : { kind: 'moved', order };
        },
        { behavior: 'immediate' },
      );
    },

    /**
     * Start-up repair, run before any update is taken (so nothing of this
     * process is in flight): a POST interrupted by a crash has an unknown
     * outcome; an intent whose POST never started (it waited for the wallet
     * behind another order) is closed as not placed. Both are told. An
     * interrupted POST ended at the latest when its timeout (`maxFlightMs`)
     * ran out or when this process started, whichever came first. SQLite
     * records no owners: `unownedBefore` applies to every order.
     */
    recoverInterrupted(maxFlightMs: number, unownedBefore?: Date): { unknown: number; notPlaced: number } {
      return db.transaction(
        (tx) => {
          const at = now();
          const placing = tx
            .select({ id: orders.id, postedAt: orders.postedAt })
            .from(orders)
            .where(and(eq(orders.state, 'placing'), unownedBefore ? lte(orders.postedAt, unownedBefore) : undefined))
            .all();
          let unknown = 0;
          for (const { id, postedAt } of placing) {
            const ended = interruptedPostEnd(at, postedAt, maxFlightMs);
            const moved = transitionIn(tx, {
              id,
              from: 'placing',
              to: 'unknown',
              set: { nextCheckAt: at, postEndedAt: ended },
              audit: { actorId: null, action: 'order.unknown', facts: { cause: 'interrupted' } },
            });
            if (moved) {
              unknown++;
              // Their last word was "Placing your order…": tell them where it stands.
              enqueueNotification(tx, { orderId: id, kind: 'interrupted', now: at.getTime() });
            }
          }
          const staleIntents = tx
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.state, 'intent'), isNull(orders.postedAt), unownedBefore ? lte(orders.createdAt, unownedBefore) : undefined))
            .all();
          let notPlaced = 0;
          for (const { id } of staleIntents) {
            const moved = transitionIn(tx, {
              id,
              from: 'intent',
              to: 'not_placed',
              set: { finishedAt: at },
              audit: { actorId: null, action: 'order.not_placed', facts: { cause: 'never-sent' } },
            });
            if (moved) {
              notPlaced++;
              // It was waiting for its turn to be sent when the process stopped: nothing was charged.
              enqueueNotification(tx, { orderId: id, kind: 'not_placed', now: at.getTime() });
            }
          }
          return { unknown, notPlaced };
        },
        { behavior: 'immediate' },
      );
    },

    /** Newest first. */
    listForUser(userId: number, request: PageRequest): PageOf<OrderRow> {
      const total =
        db.select({ n: sql<number>`count(*)` }).from(orders).where(eq(orders.userId, userId)).get()?.n ?? 0;
      const { page, pageSize, pageCount, offset } = resolvePage(request, total);
      const items = db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.id))
        .limit(pageSize)
        .offset(offset)
        .all();
      return { items, page, pageCount, total };
    },
  };
}

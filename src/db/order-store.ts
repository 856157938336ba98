import { and, asc, count, desc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { OrderState } from '../domain/order-states.js';
import { assertOrderLines, linesTotal, type OrderLine } from '../domain/order-line.js';
import { withBatchFact } from './audit-log.js';
import { appendAuditRow } from './audit-trail.js';
import { enqueueNotification, transitionOrder, type NotifyingTransition, type OrderRow, type TransitionInput } from './order-writes.js';
import { ownerGone, OwnerLockLostError, type OwnerLocks } from './owner-locks.js';
import { resolvePage, type PageOf, type PageRequest } from './paging.js';
import type { OrderPurpose } from '../domain/cost-centre.js';
import type { Database, Query } from './seam/database.js';

export type { NotifyingTransition, OrderRow } from './order-writes.js';

/** States in which the same order must not be placed again (the partial unique index agrees). */
export const OPEN_STATES = ['placing', 'unknown', 'needs_review'] as const satisfies readonly OrderState[];

/**
 * The partial unique index's own predicate, written out as its migration
 * writes it: a planner uses a partial index only when the query's WHERE
 * holds the index's condition itself, and `state in (?, ?, ?)` with bound
 * values does not (SQLite then read every order by id: 17 ms at 100,000
 * past orders, twice per Confirm).
 */
const OPEN_STATE_CONDITION = sql.raw(`state in (${OPEN_STATES.map((s) => `'${s}'`).join(', ')})`);

/**
 * The open order placed with the same fingerprint, if any, other than
 * `exceptId`: read through orders_open_fingerprint_idx whatever the past
 * (test/db/open-fingerprint-index.test.ts asks each planner).
 */
export function openSameOrderStatement(exec: Query, tables: Database['tables'], fingerprint: string, exceptId?: number) {
  const { orders } = tables;
  return exec
    .select()
    .from(orders)
    .where(and(eq(orders.fingerprint, fingerprint), OPEN_STATE_CONDITION, exceptId === undefined ? undefined : ne(orders.id, exceptId)))
    .orderBy(asc(orders.id))
    .limit(1);
}

export interface IntentInput {
  confirmKey: string;
  userId: number;
  chatId: number;
  fingerprint: string;
  lines: OrderLine[];
  sandbox: boolean;
  /** The batch this order is one of, and its index in the batch's plan (orders.batch_id, batch_index). */
  batch?: { id: number; index: number };
  /** What the order is for (orders.cost_centre_id, purpose_note). */
  purpose?: OrderPurpose;
}

export type OpenIntentResult =
  | { kind: 'created'; order: OrderRow }
  | { kind: 'already-confirmed'; order: OrderRow }
  | { kind: 'same-order-pending'; order: OrderRow };

export interface ClaimOptions {
  keepIfBusy?: boolean;
}

export type ClaimResult =
  | { kind: 'placing'; order: OrderRow }
  /** Another attempt at the same order is open; this intent was closed as not placed. */
  | { kind: 'same-order-pending'; order: OrderRow; pending: OrderRow }
  /**
   * Another order is in flight (another process or instance): the intent was
   * closed as not placed, or, when the caller asked to keep it, is still an
   * intent to claim again once that POST has ended.
   */
  | { kind: 'busy'; order: OrderRow }
  /** The intent had already left 'intent' (handled elsewhere). */
  | { kind: 'moved'; order: OrderRow };

/**
 * The orders as they move. Every change runs in the money transaction
 * (`database.write`) with its audit row, so that its checks (this
 * confirmation already saved, another POST in flight, the same order open)
 * see what any other connection or instance committed before it. The
 * unique indexes (orders_confirm_key_idx, orders_one_placing_idx,
 * orders_open_fingerprint_idx) stay as the last guard and never fire.
 */
export interface OrderStore {
  get(id: number): Promise<OrderRow | null>;
  /** A compare-and-swap from `from`, with its audit row and its announcements in one transaction; null when the order had moved on. */
  transition(input: NotifyingTransition): Promise<OrderRow | null>;
  /** Saves the order before anything is sent, unless this confirmation or the same open order exists. */
  openIntent(input: IntentInput): Promise<OpenIntentResult>;
  /**
   * intent -> placing, after checking nothing else is in flight or open for
   * the same order. `keepIfBusy`: another order in flight leaves this intent
   * as it is, to claim again, instead of closing it.
   */
  claimForPlacing(id: number, actorId: number, options?: ClaimOptions): Promise<ClaimResult>;
  /**
   * Repairs orders whose process stopped in the middle: a POST interrupted
   * by a crash has an unknown outcome; an intent whose POST never started
   * (it waited for the wallet behind another order) is closed as not
   * placed. Both are told. An interrupted POST ended at the latest when its
   * timeout (`maxFlightMs`) ran out or when the repair began, whichever came
   * first. Without `unownedBefore`, every one found: the database is this
   * process's alone. With it (other instances may be working on orders
   * right now), an order whose owner lock is recorded (OwnerLocks) is
   * repaired exactly when that lock is free, its instance gone, whatever its
   * age, and never while it is held; an order with no owner recorded
   * (SQLite records none; PostgreSQL rows from before owners were recorded)
   * only when its POST (or, for an intent, its creation) is older than
   * `unownedBefore`.
   */
  recoverInterrupted(maxFlightMs: number, unownedBefore?: Date): Promise<{ unknown: number; notPlaced: number }>;
  /** Newest first. */
  listForUser(userId: number, request: PageRequest): Promise<PageOf<OrderRow>>;
}

/**
 * When a POST a crash interrupted ended at the latest: when its timeout ran
 * out or when the repair began (`at`), whichever came first.
 */
function interruptedPostEnd(at: Date, postedAt: Date | null, maxFlightMs: number): Date {
  return postedAt === null ? at : new Date(Math.min(at.getTime(), postedAt.getTime() + maxFlightMs));
}

/**
 * `owners`: the owner locks where instances share the database (recorded on intents and claims, asked by the repair); null on SQLite.
 * `beforeClaim`: asked inside the claim's transaction, the last write before the POST; when it throws, nothing is claimed or sent.
 */
export function createOrderStore(deps: { database: Database; clock: Clock; owners?: OwnerLocks | null; beforeClaim?: () => void }): OrderStore {
  const { database, clock } = deps;
  const owners = deps.owners ?? null;
  const ownerLock = owners?.key ?? null;
  const { q, tables } = database;
  const { orders } = tables;
  const now = () => new Date(clock.now());

  /** Which orders the repair may take as left behind: with a cut-off, those whose owner is gone, or, with no owner recorded, whose `since` is before it. */
  const orphaned = (since: typeof orders.postedAt | typeof orders.createdAt, unownedBefore: Date | undefined): SQL | undefined =>
    unownedBefore === undefined ? undefined : or(and(isNull(orders.ownerLock), lte(since, unownedBefore)), ownerGone(owners, orders.ownerLock));
  // A POST outlives its timeout on no live instance either: an order still 'placing' after the cut-off was left by a path that
  // failed before it could record an outcome, and would hold the wallet's one POST for as long as its instance lives.
  const orphanedPlacing = (unownedBefore: Date | undefined) =>
    and(eq(orders.state, 'placing'), unownedBefore === undefined ? undefined : or(orphaned(orders.postedAt, unownedBefore), lte(orders.postedAt, unownedBefore)));
  const orphanedIntents = (unownedBefore: Date | undefined) => and(eq(orders.state, 'intent'), isNull(orders.postedAt), orphaned(orders.createdAt, unownedBefore));

  const findById = async (exec: Query, id: number): Promise<OrderRow | null> => (await exec.select().from(orders).where(eq(orders.id, id)))[0] ?? null;
  const transitionIn = (tx: Query, input: TransitionInput): Promise<OrderRow | null> => transitionOrder(tx, tables, input, now());
  const openSameOrder = async (tx: Query, fingerprint: string, exceptId?: number): Promise<OrderRow | undefined> =>
    (await openSameOrderStatement(tx, tables, fingerprint, exceptId))[0];

  return {
    get: (id) => findById(q, id),

    transition(input) {
      return database.write(async (tx) => {
        const moved = await transitionIn(tx, input);
        if (moved) for (const kind of input.notify ?? []) await enqueueNotification(tx, tables, { orderId: moved.id, kind, now: clock.now() });
        return moved;
      });
    },

    openIntent(input) {
      assertOrderLines(input.lines);
      return database.write(async (tx): Promise<OpenIntentResult> => {
        const [confirmed] = await tx.select().from(orders).where(eq(orders.confirmKey, input.confirmKey)).limit(1);
        if (confirmed) return { kind: 'already-confirmed', order: confirmed };
        const pending = await openSameOrder(tx, input.fingerprint);
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
            costCentreId: input.purpose?.costCentreId ?? null,
            purposeNote: input.purpose?.note ?? null,
          })
          .returning();
        if (!order) throw new Error('the new order was not returned');
        await appendAuditRow(tx, tables, at, { actorId: input.userId, action: 'order.intent', orderId: order.id, amount: order.totalAmount, facts: withBatchFact(null, order) });
        return { kind: 'created', order };
      });
    },

    claimForPlacing(id, actorId, options = {}) {
      return database.write(async (tx): Promise<ClaimResult> => {
        const order = await findById(tx, id);
        if (!order) throw new Error(`order ${id} does not exist`);
        if (order.state !== 'intent') return { kind: 'moved', order };
        deps.beforeClaim?.();
        const close = async (cause: string) =>
          (await transitionIn(tx, {
            id,
            from: 'intent',
            to: 'not_placed',
            set: { finishedAt: now() },
            audit: { actorId, action: 'order.not_placed', facts: { cause } },
          })) ?? order;
        const pending = await openSameOrder(tx, order.fingerprint, id);
        if (pending) return { kind: 'same-order-pending', order: await close('same-order-pending'), pending };
        // Claimed only while this instance's owner lock is held: once its presence is lost, others may repair the claim as a dead instance's.
        if (owners && ownerLock !== null) {
          const [alive] = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.id, id), owners.held(sql`${ownerLock}::bigint`)));
          if (!alive) throw new OwnerLockLostError();
        }
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
      // Run every few seconds: the money transaction is taken only when something was left behind.
      const [any] = await q
        .select({ id: orders.id })
        .from(orders)
        .where(or(orphanedPlacing(unownedBefore), orphanedIntents(unownedBefore)))
        .limit(1);
      if (!any) return { unknown: 0, notPlaced: 0 };
      return database.write(async (tx) => {
        const at = now();
        const placing = await tx.select({ id: orders.id, postedAt: orders.postedAt }).from(orders).where(orphanedPlacing(unownedBefore)).orderBy(asc(orders.id));
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
            // Their last word was "Placing your order…": tell them where it stands.
            await enqueueNotification(tx, tables, { orderId: id, kind: 'interrupted', now: at.getTime() });
          }
        }
        const staleIntents = await tx.select({ id: orders.id }).from(orders).where(orphanedIntents(unownedBefore)).orderBy(asc(orders.id));
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
            // It was waiting for its turn to be sent when the process stopped: nothing was charged.
            await enqueueNotification(tx, tables, { orderId: id, kind: 'not_placed', now: at.getTime() });
          }
        }
        return { unknown, notPlaced };
      });
    },

    async listForUser(userId, request) {
      const [counted] = await q.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
      const total = counted?.n ?? 0;
      const { page, pageSize, pageCount, offset } = resolvePage(request, total);
      const items = await q.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.id)).limit(pageSize).offset(offset);
      return { items, page, pageCount, total };
    },
  };
}

import { and, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from '../db/open.js';
import { resolvePage, type PageOf, type PageRequest } from '../db/paging.js';
import { orders } from '../db/schema.js';
import { type NotificationKind } from '../domain/notification-kinds.js';
import { type OrderState } from '../domain/order-states.js';
import type { SyncDb } from '../db/sync-db.js';
import { withBatchFact } from '../db/audit-log.js';
import { appendAudit, type AuditRecord } from '../db/audit-log.js';
import { enqueueNotification } from './outbox.js';
import { assertOrderLines, linesTotal, type OrderLine } from './order-line.js';

export type OrderRow = typeof orders.$inferSelect;
type OrderUpdate = Partial<Omit<typeof orders.$inferInsert, 'id' | 'state'>>;

/** States in which the same order must not be placed again (the partial unique index agrees). */
export const OPEN_STATES = ['placing', 'unknown', 'needs_review'] as const satisfies readonly OrderState[];

export interface IntentInput {
  confirmKey: string;
  userId: number;
  chatId: number;
  fingerprint: string;
  lines: OrderLine[];
  sandbox: boolean;
  /** The batch this order is one of, and its index in the batch's plan (orders.batch_id, batch_index). */
  batch?: { id: number; index: number };
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

/** The audit row of a transition: the order and its amount come from the order itself. */
export type AuditEntry = Omit<AuditRecord, 'orderId' | 'amount'>;

export interface TransitionInput {
  id: number;
  from: OrderState | readonly OrderState[];
  to: OrderState;
  set?: OrderUpdate;
  audit: AuditEntry;
}

export interface NotifyingTransition extends TransitionInput {
  /** Announced in the same transaction as the move (see outbox.ts). */
  notify?: readonly NotificationKind[];
}

export type OrderRepo = ReturnType<typeof createOrderRepo>;

/**
 * The orders as every database keeps them: the same results, audit rows and
 * announcements on SQLite and PostgreSQL, each change in one transaction
 * with its audit row (see createOrderRepo for what each call does).
 */
export interface OrderStore {
  get(id: number): Promise<OrderRow | null>;
  transition(input: NotifyingTransition): Promise<OrderRow | null>;
  openIntent(input: IntentInput): Promise<OpenIntentResult>;
  /** `keepIfBusy`: another order in flight leaves this intent as it is, to claim again, instead of closing it. */
  claimForPlacing(id: number, actorId: number, options?: ClaimOptions): Promise<ClaimResult>;
  /**
   * Repairs orders whose process stopped in the middle (see the SQLite
   * implementation). Without `unownedBefore`, every one found: the database
   * is this process's alone. With it (other instances may be working on
   * orders right now), an order whose owner lock is recorded
   * (src/db/postgres/owner-lock.ts) is repaired exactly when that lock is
   * free, its instance gone, whatever its age, and never while it is held;
   * an order with no owner recorded (SQLite records none; PostgreSQL rows
   * from before owners were recorded) only when its POST (or, for an
   * intent, its creation) is older than `unownedBefore`.
   */
  recoverInterrupted(maxFlightMs: number, unownedBefore?: Date): Promise<{ unknown: number; notPlaced: number }>;
  listForUser(userId: number, request: PageRequest): Promise<PageOf<OrderRow>>;
}

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
 * When a POST a crash interrupted ended at the latest: when its timeout ran
 * out or when this process started (`at`), whichever came first.
 */
export function interruptedPostEnd(at: Date, postedAt: Date | null, maxFlightMs: number): Date {
  return postedAt === null ? at : new Date(Math.min(at.getTime(), postedAt.getTime() + maxFlightMs));
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

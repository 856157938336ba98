import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { OrderState } from '../domain/order-states.js';
import { inPages, inTurns, LEDGER_PAGE, ledgerEntryOf, ledgerOrderOf, orderPickColumns } from './ledger-rows.js';
import type { Database } from './seam/database.js';

/**
 * What the wallet watch made of a transaction it read after the copy was
 * first filled: one of giftdesk's own orders or their refunds (`ours`), a
 * credit too small to mention (`quiet`), or news administrators were told
 * once: a debit no giftdesk order accounts for, or a large credit nobody
 * expected.
 */
export const LEDGER_VERDICTS = ['ours', 'quiet', 'foreign-debit', 'large-credit', 'unknown-type'] as const;
export type LedgerVerdict = (typeof LEDGER_VERDICTS)[number];

/** A provider transaction as read (src/provider/schemas.ts), with its time read as a moment. */
export interface LedgerInput {
  id: number;
  type: string;
  amount: number;
  balanceAfter: number | null;
  providerOrderId: number | null;
  description: string | null;
  createdAt: string | null;
  /** ms since the epoch; null when the provider's time could not be read. */
  at: number | null;
}

export interface LedgerEntry extends LedgerInput {
  seenAt: number;
  /** Read while the copy was first filled: history from before the watch, never alerted. */
  baseline: boolean;
  verdict: LedgerVerdict | null;
  judgedAt: number | null;
}

/** A giftdesk order as the statement matches it to the wallet: only orders the provider has an id for. */
export interface LedgerOrder {
  id: number;
  userId: number;
  /** What was confirmed: the sum of the lines at their confirmed prices. */
  totalAmount: number;
  state: OrderState;
  providerOrderId: number;
  /** When the POST went out (or the order was saved, for rows from before that was kept). */
  placedAt: number;
  finishedAt: number | null;
  batchId: number | null;
  /** The products' titles, for the chart's per-product view and the CSV. */
  products: string[];
  /** What the order was for, as /order asked it (null where it was not asked or was skipped). */
  costCentreId: number | null;
  purposeNote: string | null;
}

/**
 * The local copy of the wallet's transactions, and the order look-ups that
 * match them. Entries are only ever added: new ones go in with ON CONFLICT
 * DO NOTHING, so two readers of the same page keep each entry once. The
 * watch's verdict is written by the one UPDATE that finds it still unset.
 */
export interface LedgerStore {
  /** Keeps the entries not kept yet; answers those that were new. */
  keep(entries: readonly LedgerInput[], seenAt: number, baseline: boolean): Promise<LedgerEntry[]>;
  /** The kept entries among these transaction ids, by id: what was read then, to compare with what is read now. */
  known(ids: readonly number[]): Promise<Map<number, LedgerEntry>>;
  count(): Promise<number>;
  /** Entries timed inside [from, to), oldest first (time, then id). */
  between(from: number, to: number): Promise<LedgerEntry[]>;
  /** The newest entry timed before `at`, or null. */
  lastBefore(at: number): Promise<LedgerEntry | null>;
  /** Every entry naming one of these provider orders, wherever it lies in time. */
  forProviderOrders(providerOrderIds: readonly number[]): Promise<LedgerEntry[]>;
  /** Entries read after the copy was filled that the watch has not judged yet, oldest first. */
  unjudged(limit: number): Promise<LedgerEntry[]>;
  /** Writes the verdict when nobody has yet: true for the one call that did, so that news goes out once. */
  judge(id: number, verdict: LedgerVerdict, at: number): Promise<boolean>;
  /** Entries with one of these verdicts timed at or after `since`: alerts still inside the window an administrator looks at. */
  judgedSince(verdicts: readonly LedgerVerdict[], since: number): Promise<LedgerEntry[]>;

  /** Orders with a provider id whose POST went out inside [from, to). */
  ordersPlacedBetween(from: number, to: number): Promise<LedgerOrder[]>;
  /** Orders known by these provider ids (the POST's answer, or reconciliation's adoption). */
  ordersByProviderIds(providerOrderIds: readonly number[]): Promise<LedgerOrder[]>;
  /** The confirmed totals of orders whose POST may have created a provider order giftdesk does not know the id of yet. */
  unsettledPostTotals(): Promise<number[]>;
}

/** States in which a POST went out but the provider's order id is not known yet. */
const UNSETTLED_POST_STATES = ['placing', 'unknown', 'needs_review'] as const satisfies readonly OrderState[];

export function createLedgerStore(deps: { database: Database }): LedgerStore {
  const { q, tables } = deps.database;
  const { orders, walletLedger } = tables;
  const pick = orderPickColumns(orders);
  const placedAt = sql`coalesce(${orders.postedAt}, ${orders.createdAt})`;
  // A moment bound as the order's columns store one, so each database compares like with like.
  const moment = (ms: number) => sql.param(new Date(ms), orders.postedAt);
  const hasProviderId = or(isNotNull(orders.providerOrderId), isNotNull(orders.acceptedOrderId));

  return {
    async keep(entries, seenAt, baseline) {
      const kept = await inTurns(entries, (part) =>
        q
          .insert(walletLedger)
          .values(part.map((entry) => ({ ...entry, seenAt, baseline, verdict: null, judgedAt: null })))
          .onConflictDoNothing()
          .returning(),
      );
      return kept.map(ledgerEntryOf).sort((a, b) => a.id - b.id);
    },

    async known(ids) {
      const rows = await inTurns(ids, (part) => q.select().from(walletLedger).where(inArray(walletLedger.id, part)));
      return new Map(rows.map((row) => [row.id, ledgerEntryOf(row)]));
    },

    count: async () => (await q.select({ n: count() }).from(walletLedger))[0]?.n ?? 0,

    between: async (from, to) =>
      inPages(async (after: LedgerEntry | null) =>
        (
          await q
            .select()
            .from(walletLedger)
            .where(and(gte(walletLedger.at, from), lt(walletLedger.at, to), after === null ? undefined : sql`(${walletLedger.at}, ${walletLedger.id}) > (${after.at}, ${after.id})`))
            .orderBy(asc(walletLedger.at), asc(walletLedger.id))
            .limit(LEDGER_PAGE)
        ).map(ledgerEntryOf),
      ),

    async lastBefore(at) {
      const [row] = await q.select().from(walletLedger).where(lt(walletLedger.at, at)).orderBy(desc(walletLedger.at), desc(walletLedger.id)).limit(1);
      return row ? ledgerEntryOf(row) : null;
    },

    forProviderOrders: async (ids) =>
      inTurns(ids, async (part) => (await q.select().from(walletLedger).where(inArray(walletLedger.providerOrderId, part)).orderBy(asc(walletLedger.id))).map(ledgerEntryOf)),

    unjudged: async (limit) =>
      (await q.select().from(walletLedger).where(and(isNull(walletLedger.verdict), eq(walletLedger.baseline, false))).orderBy(asc(walletLedger.id)).limit(limit)).map(ledgerEntryOf),

    async judge(id, verdict, at) {
      const rows = await q
        .update(walletLedger)
        .set({ verdict, judgedAt: at })
        .where(and(eq(walletLedger.id, id), isNull(walletLedger.verdict)))
        .returning({ id: walletLedger.id });
      return rows.length === 1;
    },

    judgedSince: async (verdicts, since) =>
      (await q.select().from(walletLedger).where(and(inArray(walletLedger.verdict, [...verdicts]), gte(walletLedger.at, since))).orderBy(asc(walletLedger.at), asc(walletLedger.id))).map(ledgerEntryOf),

    ordersPlacedBetween: async (from, to) =>
      (
        await inPages((after: { id: number } | null) =>
          q
            .select(pick)
            .from(orders)
            .where(and(hasProviderId, sql`${placedAt} >= ${moment(from)}`, sql`${placedAt} < ${moment(to)}`, after === null ? undefined : gt(orders.id, after.id)))
            .orderBy(asc(orders.id))
            .limit(LEDGER_PAGE),
        )
      ).flatMap((row) => ledgerOrderOf(row) ?? []),

    ordersByProviderIds: async (ids) =>
      inTurns(ids, async (part) =>
        (
          await q
            .select(pick)
            .from(orders)
            .where(or(inArray(orders.providerOrderId, part), and(isNull(orders.providerOrderId), inArray(orders.acceptedOrderId, part))))
        ).flatMap((row) => ledgerOrderOf(row) ?? []),
      ),

    unsettledPostTotals: async () =>
      (
        await q
          .select({ total: orders.totalAmount })
          .from(orders)
          .where(and(inArray(orders.state, [...UNSETTLED_POST_STATES]), isNull(orders.providerOrderId), isNull(orders.acceptedOrderId)))
      ).map((row) => row.total),
  };
}

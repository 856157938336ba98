import { and, asc, desc, gt, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { chunked, inPages, inTurns, LEDGER_PAGE, ledgerEntryOf, ledgerOrderOf, orderPickColumns } from '../../ledger/ledger-rows.js';
import { UNSETTLED_POST_STATES, type LedgerEntry, type LedgerStore } from '../../ledger/ledger-store.js';
import type { PgDb } from './open.js';
import { orders, walletLedger } from './schema.js';

/**
 * The wallet's copy on PostgreSQL: the same calls and results as on SQLite
 * (src/ledger/ledger-store-sqlite.ts). New entries go in with ON CONFLICT DO
 * NOTHING, so two readers of the same page keep each entry once, and a
 * verdict is written by the one UPDATE that finds it still unset.
 */
export function createPostgresLedgerStore(deps: { db: PgDb }): LedgerStore {
  const { db } = deps;
  const pick = orderPickColumns(orders);
  const placedAt = sql`coalesce(${orders.postedAt}, ${orders.createdAt})`;
  const hasProviderId = or(isNotNull(orders.providerOrderId), isNotNull(orders.acceptedOrderId));

  return {
    async keep(entries, seenAt, baseline) {
      if (entries.length === 0) return [];
      const rows = await db
        .insert(walletLedger)
        .values(entries.map((entry) => ({ ...entry, seenAt, baseline, verdict: null, judgedAt: null })))
        .onConflictDoNothing()
        .returning();
      return rows.map(ledgerEntryOf).sort((a, b) => a.id - b.id);
    },

    async known(ids) {
      const found = new Set<number>();
      for (const part of chunked(ids)) {
        for (const row of await db.select({ id: walletLedger.id }).from(walletLedger).where(inArray(walletLedger.id, part))) found.add(row.id);
      }
      return found;
    },

    count: async () => Number((await db.select({ n: sql<string>`count(*)` }).from(walletLedger))[0]?.n ?? 0),

    between: async (from, to) =>
      inPages(async (after: LedgerEntry | null) =>
        (
          await db
            .select()
            .from(walletLedger)
            .where(and(gte(walletLedger.at, from), lt(walletLedger.at, to), after === null ? undefined : sql`(${walletLedger.at}, ${walletLedger.id}) > (${after.at}, ${after.id})`))
            .orderBy(asc(walletLedger.at), asc(walletLedger.id))
            .limit(LEDGER_PAGE)
        ).map(ledgerEntryOf),
      ),

    async lastBefore(at) {
      const [row] = await db.select().from(walletLedger).where(lt(walletLedger.at, at)).orderBy(desc(walletLedger.at), desc(walletLedger.id)).limit(1);
      return row ? ledgerEntryOf(row) : null;
    },

    forProviderOrders: async (ids) =>
      inTurns(ids, async (part) => (await db.select().from(walletLedger).where(inArray(walletLedger.providerOrderId, part)).orderBy(asc(walletLedger.id))).map(ledgerEntryOf)),

    unjudged: async (limit) =>
      (await db.select().from(walletLedger).where(and(isNull(walletLedger.verdict), sql`${walletLedger.baseline} = false`)).orderBy(asc(walletLedger.id)).limit(limit)).map(ledgerEntryOf),

    async judge(id, verdict, at) {
      const rows = await db
        .update(walletLedger)
        .set({ verdict, judgedAt: at })
        .where(and(sql`${walletLedger.id} = ${id}`, isNull(walletLedger.verdict)))
        .returning({ id: walletLedger.id });
      return rows.length === 1;
    },

    judgedSince: async (verdicts, since) =>
      (await db.select().from(walletLedger).where(and(inArray(walletLedger.verdict, [...verdicts]), gte(walletLedger.at, since))).orderBy(asc(walletLedger.at), asc(walletLedger.id))).map(ledgerEntryOf),

    ordersPlacedBetween: async (from, to) =>
      (
        await inPages((after: { id: number } | null) =>
          db
            .select(pick)
            .from(orders)
            .where(and(hasProviderId, sql`${placedAt} >= ${new Date(from)}`, sql`${placedAt} < ${new Date(to)}`, after === null ? undefined : gt(orders.id, after.id)))
            .orderBy(asc(orders.id))
            .limit(LEDGER_PAGE),
        )
      ).flatMap((row) => ledgerOrderOf(row) ?? []),

    ordersByProviderIds: async (ids) =>
      inTurns(ids, async (part) =>
        (
          await db
            .select(pick)
            .from(orders)
            .where(or(inArray(orders.providerOrderId, part), and(isNull(orders.providerOrderId), inArray(orders.acceptedOrderId, part))))
        ).flatMap((row) => ledgerOrderOf(row) ?? []),
      ),

    unsettledPostTotals: async () =>
      (
        await db
          .select({ total: orders.totalAmount })
          .from(orders)
          .where(and(inArray(orders.state, [...UNSETTLED_POST_STATES]), isNull(orders.providerOrderId), isNull(orders.acceptedOrderId)))
      ).map((row) => row.total),
  };
}

import { and, asc, desc, gt, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { orders, walletLedger } from '../db/schema.js';
import { chunked, inPages, inTurns, LEDGER_PAGE, ledgerEntryOf, ledgerOrderOf, orderPickColumns } from './ledger-rows.js';
import { UNSETTLED_POST_STATES, type LedgerEntry, type LedgerStore } from './ledger-store.js';

/** The wallet's copy on SQLite: each call one statement (or one transaction for a page of new entries). */
export function createSqliteLedgerStore(deps: { db: Db }): LedgerStore {
  const { db } = deps;
  const pick = orderPickColumns(orders);
  const placedAt = sql`coalesce(${orders.postedAt}, ${orders.createdAt})`;
  const hasProviderId = or(isNotNull(orders.providerOrderId), isNotNull(orders.acceptedOrderId));

  return {
    async keep(entries, seenAt, baseline) {
      return db.transaction((tx) => {
        const added: LedgerEntry[] = [];
        for (const entry of entries) {
          const row = tx.insert(walletLedger).values({ ...entry, seenAt, baseline, verdict: null, judgedAt: null }).onConflictDoNothing().returning().get();
          if (row) added.push(ledgerEntryOf(row));
        }
        return added;
      });
    },

    async known(ids) {
      const found = new Set<number>();
      for (const part of chunked(ids)) {
        for (const row of db.select({ id: walletLedger.id }).from(walletLedger).where(inArray(walletLedger.id, part)).all()) found.add(row.id);
      }
      return found;
    },

    count: async () => db.select({ n: sql<number>`count(*)` }).from(walletLedger).get()?.n ?? 0,

    between: async (from, to) =>
      inPages((after: LedgerEntry | null) =>
        db
          .select()
          .from(walletLedger)
          .where(and(gte(walletLedger.at, from), lt(walletLedger.at, to), after === null ? undefined : sql`(${walletLedger.at}, ${walletLedger.id}) > (${after.at}, ${after.id})`))
          .orderBy(asc(walletLedger.at), asc(walletLedger.id))
          .limit(LEDGER_PAGE)
          .all()
          .map(ledgerEntryOf),
      ),

    async lastBefore(at) {
      const row = db.select().from(walletLedger).where(lt(walletLedger.at, at)).orderBy(desc(walletLedger.at), desc(walletLedger.id)).limit(1).get();
      return row ? ledgerEntryOf(row) : null;
    },

    forProviderOrders: async (ids) =>
      inTurns(ids, (part) => db.select().from(walletLedger).where(inArray(walletLedger.providerOrderId, part)).orderBy(asc(walletLedger.id)).all().map(ledgerEntryOf)),

    unjudged: async (limit) =>
      db.select().from(walletLedger).where(and(isNull(walletLedger.verdict), sql`${walletLedger.baseline} = 0`)).orderBy(asc(walletLedger.id)).limit(limit).all().map(ledgerEntryOf),

    async judge(id, verdict, at) {
      const done = db.update(walletLedger).set({ verdict, judgedAt: at }).where(and(sql`${walletLedger.id} = ${id}`, isNull(walletLedger.verdict))).run();
      return done.changes === 1;
    },

    judgedSince: async (verdicts, since) =>
      db.select().from(walletLedger).where(and(inArray(walletLedger.verdict, [...verdicts]), gte(walletLedger.at, since))).orderBy(asc(walletLedger.at), asc(walletLedger.id)).all().map(ledgerEntryOf),

    ordersPlacedBetween: async (from, to) =>
      (
        await inPages((after: { id: number } | null) =>
          db
            .select(pick)
            .from(orders)
            .where(and(hasProviderId, sql`${placedAt} >= ${from}`, sql`${placedAt} < ${to}`, after === null ? undefined : gt(orders.id, after.id)))
            .orderBy(asc(orders.id))
            .limit(LEDGER_PAGE)
            .all(),
        )
      ).flatMap((row) => ledgerOrderOf(row) ?? []),

    ordersByProviderIds: async (ids) =>
      inTurns(ids, (part) =>
        db
          .select(pick)
          .from(orders)
          .where(or(inArray(orders.providerOrderId, part), and(isNull(orders.providerOrderId), inArray(orders.acceptedOrderId, part))))
          .all()
          .flatMap((row) => ledgerOrderOf(row) ?? []),
      ),

    unsettledPostTotals: async () =>
      db
        .select({ total: orders.totalAmount })
        .from(orders)
        .where(and(inArray(orders.state, [...UNSETTLED_POST_STATES]), isNull(orders.providerOrderId), isNull(orders.acceptedOrderId)))
        .all()
        .map((row) => row.total),
  };
}

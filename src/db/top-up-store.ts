import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { appendAuditRow } from './audit-trail.js';
import type { topUpRequests } from './postgres/top-up-requests-table.js';
import type { Database } from './seam/database.js';

export type TopUpRequest = typeof topUpRequests.$inferSelect;

/** The credit that settled a request. */
export interface TopUpCredit {
  transactionId: number;
  amount: number;
  /** When the provider says the credit happened. */
  at: number;
}

/**
 * Top-ups asked of finance, on either database. A request is written with
 * its audit row (`topup.requested`) in one transaction; marking it received
 * is one UPDATE that finds it still open and its credit unused, with its
 * audit row (`topup.received`), so that two instances watching the wallet
 * tell the requester once and no credit settles two requests.
 */
export interface TopUpStore {
  request(input: { requestedBy: number; amount: number; note: string | null }): Promise<TopUpRequest>;
  get(id: number): Promise<TopUpRequest | null>;
  /** Requests not received yet, oldest first. */
  open(): Promise<TopUpRequest[]>;
  /** The request as marked, or null when it was received already or the credit settled another one. */
  markReceived(id: number, credit: TopUpCredit): Promise<TopUpRequest | null>;
}

export function createTopUpStore(deps: { database: Database; clock: Clock }): TopUpStore {
  const { database } = deps;
  const { q } = database;
  const table = database.tables.topUpRequests;
  const now = () => new Date(deps.clock.now());

  return {
    request({ requestedBy, amount, note }) {
      return database.transaction(async (tx) => {
        const [row] = await tx.insert(table).values({ requestedBy, amount, note, createdAt: now() }).returning();
        await appendAuditRow(tx, database.tables, now(), { actorId: requestedBy, action: 'topup.requested', orderId: null, amount, facts: { request: row!.id, note } });
        return row!;
      });
    },
    get: async (id) => (await q.select().from(table).where(eq(table.id, id)))[0] ?? null,
    open: () => q.select().from(table).where(isNull(table.receivedAt)).orderBy(asc(table.id)),
    markReceived(id, credit) {
      return database.transaction(async (tx) => {
        // One marking at a time across instances: the check below then holds until the commit.
        await database.holdLock(tx, 'top_up_requests');
        // A credit that settled one request settles no other: the unique index would refuse it, and the check keeps the transaction clean.
        const [used] = await tx.select({ id: table.id }).from(table).where(eq(table.creditId, credit.transactionId));
        if (used) return null;
        const [row] = await tx
          .update(table)
          .set({ receivedAt: new Date(credit.at), creditId: credit.transactionId, creditAmount: credit.amount })
          .where(and(eq(table.id, id), isNull(table.receivedAt)))
          .returning();
        if (!row) return null;
        await appendAuditRow(tx, database.tables, now(), { actorId: null, action: 'topup.received', orderId: null, amount: credit.amount, facts: { request: id, transaction: credit.transactionId } });
        return row;
      });
    },
  };
}

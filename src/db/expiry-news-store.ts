import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { ExpiryNewsKind } from './expiry-news-table.js';
import type { LeaseTime } from './lease-time.js';
import type { Database, Query } from './seam/database.js';
import type { Tables } from './seam/tables.js';

export type { ExpiryNewsKind } from './expiry-news-table.js';

/** How long a pass holds owed news it took: far longer than settling a few cards and one message take. */
export const EXPIRY_NEWS_LEASE_MS = 120_000;

/** News owed for one expired request, held by the pass that claimed it (`token`) until done or released. */
export interface OwedExpiryNews {
  id: number;
  kind: ExpiryNewsKind;
  subjectId: number;
  /** Whether the orderer was told already: only the cards are left. */
  told: boolean;
  token: string;
}

/**
 * Records, in the transaction that moves a request to 'expired', that the
 * news of it is owed (see expiry-news-table.ts). A request that expires
 * once owes its news once: a second record of the same request changes
 * nothing.
 */
export async function oweExpiryNews(tx: Query, tables: Pick<Tables, 'expiryNews'>, kind: ExpiryNewsKind, subjectId: number, at: Date): Promise<void> {
  await tx.insert(tables.expiryNews).values({ kind, subjectId, createdAt: at }).onConflictDoNothing();
}

/**
 * The news of expiries still owed, shared out between the expiry passes
 * of every instance: a pass claims rows with a lease (one conditional
 * update each, so two passes at once never hold the same row), and every
 * later write is checked against its token, so a pass whose lease ran out
 * changes nothing that another took over.
 */
export interface ExpiryNewsStore {
  /** Claims up to `limit` of this kind's owed news whose lease is free or ran out, oldest first. */
  claim(kind: ExpiryNewsKind, limit: number): Promise<OwedExpiryNews[]>;
  /** The orderer was told; false when the row is no longer this pass's. */
  told(news: OwedExpiryNews): Promise<boolean>;
  /** Everything said and settled: forgotten. */
  done(news: OwedExpiryNews): Promise<void>;
  /** Something is left for a later pass (Telegram was busy or out of reach): the lease is given up at once. */
  release(news: OwedExpiryNews): Promise<void>;
  /** How many of this kind are owed, claimed or not (for tests and the operator's view). */
  owed(kind: ExpiryNewsKind): Promise<number>;
}

export function createExpiryNewsStore(deps: { database: Database; clock: Clock; leases: LeaseTime }): ExpiryNewsStore {
  const { database, clock, leases } = deps;
  const { q } = database;
  const { expiryNews } = database.tables;
  const mine = (news: OwedExpiryNews) => and(eq(expiryNews.id, news.id), eq(expiryNews.leaseToken, news.token));

  return {
    async claim(kind, limit) {
      const free = () => or(isNull(expiryNews.leaseUntil), lte(expiryNews.leaseUntil, leases.now(clock.now())));
      const due = await q.select({ id: expiryNews.id }).from(expiryNews).where(and(eq(expiryNews.kind, kind), free())).orderBy(asc(expiryNews.id)).limit(limit);
      const claimed: OwedExpiryNews[] = [];
      for (const { id } of due) {
        const token = randomUUID();
        // Conditional on the lease being free as the update runs: of two passes that read the row at once, one takes it.
        const [row] = await q
          .update(expiryNews)
          .set({ leaseUntil: leases.end(clock.now(), EXPIRY_NEWS_LEASE_MS), leaseToken: token })
          .where(and(eq(expiryNews.id, id), free()))
          .returning();
        if (row) claimed.push({ id: row.id, kind: row.kind, subjectId: row.subjectId, told: row.toldAt !== null, token });
      }
      return claimed;
    },
    async told(news) {
      const rows = await q.update(expiryNews).set({ toldAt: new Date(clock.now()) }).where(mine(news)).returning({ id: expiryNews.id });
      return rows.length > 0;
    },
    async done(news) {
      await q.delete(expiryNews).where(mine(news));
    },
    async release(news) {
      await q.update(expiryNews).set({ leaseUntil: null, leaseToken: null }).where(mine(news));
    },
    async owed(kind) {
      return (await q.select({ id: expiryNews.id }).from(expiryNews).where(eq(expiryNews.kind, kind))).length;
    },
  };
}

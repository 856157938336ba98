import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { resolvePage, type PageOf, type PageRequest } from '../db/paging.js';
import type { Db } from '../db/open.js';
import { decodeAuditDetail, type AuditDetail } from '../db/audit-log.js';
import { auditLog, orders } from '../db/schema.js';
import { goodsOf, type OrderLine } from '../orders/order-line.js';

/** Which events /audit shows: all, those of one person (done by them, to them, or on their orders), or of one order. */
export type AuditFilter = { kind: 'all' } | { kind: 'person'; telegramId: number } | { kind: 'order'; orderId: number };

/** One audit row with what the order it names says about itself. Never a code: neither table holds one. */
export interface AuditEntry {
  id: number;
  at: Date;
  actorId: number | null;
  action: string;
  orderId: number | null;
  amount: number | null;
  /** Facts to word in the reader's language, or the English sentence a row written before facts holds. */
  detail: AuditDetail;
  subjectId: number | null;
  /** The order the row is about, and its goods product by product (see goodsOf). */
  order: { userId: number; goods: { product: string; quantity: number }[]; providerReference: string | null } | null;
}

export interface AuditQueries {
  /** Newest first. */
  page(filter: AuditFilter, request: PageRequest): Promise<PageOf<AuditEntry>>;
}

/** One row as both databases' queries select it, before the order's goods are worded. */
export interface AuditJoinedRow {
  id: number;
  at: Date;
  actorId: number | null;
  action: string;
  orderId: number | null;
  amount: number | null;
  detail: string | null;
  subjectId: number | null;
  userId: number | null;
  lines: OrderLine[] | null;
  providerReference: string | null;
}

/** The entry a joined row stands for, the same on both databases. */
export function auditEntryOf({ userId, lines, providerReference, detail, ...row }: AuditJoinedRow): AuditEntry {
  return {
    ...row,
    detail: decodeAuditDetail(detail),
    order: userId === null || lines === null ? null : { userId, goods: goodsOf(lines, { regions: false }), providerReference },
  };
}

/** The rows one filter shows; table and column names are the same on both databases. */
export function auditWhereOf(filter: AuditFilter): SQL | undefined {
  switch (filter.kind) {
    case 'all':
      return undefined;
    case 'order':
      return eq(auditLog.orderId, filter.orderId);
    case 'person': {
      // Three indexed look-ups instead of an OR across a join, which would read the whole log.
      const id = filter.telegramId;
      return sql`${auditLog.id} in (
        select id from audit_log where actor_id = ${id}
        union select id from audit_log where subject_id = ${id}
        union select audit_log.id from orders join audit_log on audit_log.order_id = orders.id where orders.user_id = ${id}
      )`;
    }
  }
}

export function createSqliteAuditQueries(deps: { db: Db }): AuditQueries {
  const { db } = deps;
  return {
    async page(filter, request) {
      const where = auditWhereOf(filter);
      const total = db.select({ n: sql<number>`count(*)` }).from(auditLog).where(where).get()?.n ?? 0;
      const { page, pageSize, pageCount, offset } = resolvePage(request, total);
      // Ids grow with time: newest first is id descending, and stable while new rows arrive behind.
      const rows = db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          actorId: auditLog.actorId,
          action: auditLog.action,
          orderId: auditLog.orderId,
          amount: auditLog.amount,
          detail: auditLog.detail,
          subjectId: auditLog.subjectId,
          userId: orders.userId,
          lines: orders.lines,
          providerReference: orders.providerReference,
        })
        .from(auditLog)
        .leftJoin(orders, eq(orders.id, auditLog.orderId))
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(pageSize)
        .offset(offset)
        .all();
      return { items: rows.map(auditEntryOf), page, pageCount, total };
    },
  };
}

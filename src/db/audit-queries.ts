import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { goodsOf, type OrderLine } from '../domain/order-line.js';
import { decodeAuditDetail, type AuditDetail } from './audit-log.js';
import { resolvePage, type PageOf, type PageRequest } from './paging.js';
import type { Database } from './seam/database.js';
import type { Tables } from './seam/tables.js';

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

/** /audit's pages: reads only. */
export interface AuditQueries {
  /** Newest first. */
  page(filter: AuditFilter, request: PageRequest): Promise<PageOf<AuditEntry>>;
}

/** One row as the query selects it, before the order's goods are worded. */
type AuditJoinedRow = Omit<AuditEntry, 'detail' | 'order'> & {
  detail: string | null;
  userId: number | null;
  lines: OrderLine[] | null;
  providerReference: string | null;
};

/** The entry a joined row stands for. */
function auditEntryOf({ userId, lines, providerReference, detail, ...row }: AuditJoinedRow): AuditEntry {
  return {
    ...row,
    detail: decodeAuditDetail(detail),
    order: userId === null || lines === null ? null : { userId, goods: goodsOf(lines, { regions: false }), providerReference },
  };
}

/** The rows one filter shows; the subquery's table and column names are the same on both databases. */
function auditWhereOf({ auditLog }: Pick<Tables, 'auditLog'>, filter: AuditFilter): SQL | undefined {
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

export function createAuditQueries(deps: { database: Database }): AuditQueries {
  const { q, tables } = deps.database;
  const { auditLog, orders } = tables;
  return {
    async page(filter, request) {
      const where = auditWhereOf(tables, filter);
      const [counted] = await q.select({ n: count() }).from(auditLog).where(where);
      const total = counted?.n ?? 0;
      const { page, pageSize, pageCount, offset } = resolvePage(request, total);
      // Ids grow with time: newest first is id descending, and stable while new rows arrive behind.
      const rows = await q
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
        .offset(offset);
      return { items: rows.map(auditEntryOf), page, pageCount, total };
    },
  };
}

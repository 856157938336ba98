import { desc, eq, sql } from 'drizzle-orm';
import { auditEntryOf, auditWhereOf, type AuditQueries } from '../../reports/audit-queries.js';
import { resolvePage } from '../paging.js';
import type { PgDb } from './open.js';
import { auditLog, orders } from './schema.js';

/** /audit's pages on PostgreSQL: the same filter text and order as on SQLite, newest first by id. */
export function createPostgresAuditQueries(deps: { db: PgDb }): AuditQueries {
  const { db } = deps;
  return {
    async page(filter, request) {
      const where = auditWhereOf(filter);
      const [counted] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditLog).where(where);
      const { page, pageSize, pageCount, offset } = resolvePage(request, counted?.n ?? 0);
      const rows = await db
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
      return { items: rows.map(auditEntryOf), page, pageCount, total: counted?.n ?? 0 };
    },
  };
}

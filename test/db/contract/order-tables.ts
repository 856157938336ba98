import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../src/db/open.js';
import type { PgDb } from '../../../src/db/postgres/open.js';
import type { Database } from '../../../src/db/seam/database.js';
import * as pg from '../../../src/db/postgres/schema.js';
import { decodeAuditDetail } from '../../../src/db/audit-log.js';
import { auditLog, notifications, orders } from '../../../src/db/schema.js';
import { type NotificationKind } from '../../../src/domain/notification-kinds.js';
import { type OrderState } from '../../../src/domain/order-states.js';
import type { NotificationRow } from '../../../src/db/notification-store.js';
import type { OrderRow } from '../../../src/db/order-store.js';

export type OrderValues = typeof orders.$inferInsert;

/** A row of Google Play 10 USD (US) × 1; `key` keeps it unique. */
export function orderValues(input: { key: string; state: OrderState; at: number } & Partial<OrderValues>): OrderValues {
  const { key, at, ...rest } = input;
  return {
    userId: 11,
    chatId: 11,
    confirmKey: `k-${key}`,
    fingerprint: `f-${key}`,
    lines: [{ product: { id: 101, title: 'Google Play 10 USD' }, region: { regionPropertyId: 5001, title: null, price: 1_250_000 }, quantity: 1, fields: [] }],
    totalAmount: 1_250_000,
    sandbox: true,
    createdAt: new Date(at),
    updatedAt: new Date(at),
    ...rest,
  };
}

export interface NotificationValues {
  orderId: number;
  kind: NotificationKind;
  nextAttemptAt: number;
  status?: 'pending' | 'sent' | 'undeliverable';
  leaseOwner?: string | null;
  leaseExpiresAt?: number | null;
}

/**
 * The rows behind the follow-up's stores, read and written the same way on
 * either database, so that one contract checks both.
 */
export interface OrderTables {
  insertOrder(values: OrderValues): Promise<number>;
  order(id: number): Promise<OrderRow | undefined>;
  setState(id: number, state: OrderState): Promise<void>;
  insertNotification(values: NotificationValues): Promise<number>;
  notification(id: number): Promise<NotificationRow | undefined>;
  notificationKinds(): Promise<string[]>;
  /** Audit rows in the order written, their facts decoded. */
  audit(): Promise<{ action: string; orderId: number | null; amount: number | null; facts: unknown }[]>;
}

const factsOf = (detail: string | null): unknown => {
  const decoded = decodeAuditDetail(detail);
  return decoded?.kind === 'facts' ? decoded.facts : decoded;
};

const notificationInsert = (values: NotificationValues) => ({
  orderId: values.orderId,
  kind: values.kind,
  status: values.status ?? 'pending',
  createdAt: new Date(values.nextAttemptAt),
  nextAttemptAt: new Date(values.nextAttemptAt),
  leaseOwner: values.leaseOwner ?? null,
  leaseExpiresAt: values.leaseExpiresAt == null ? null : new Date(values.leaseExpiresAt),
});

export function sqliteOrderTables(db: Db): OrderTables {
  return {
    insertOrder: async (values) => db.insert(orders).values(values).returning({ id: orders.id }).get().id,
    order: async (id) => db.select().from(orders).where(eq(orders.id, id)).get(),
    setState: async (id, state) => void db.update(orders).set({ state }).where(eq(orders.id, id)).run(),
    insertNotification: async (values) => db.insert(notifications).values(notificationInsert(values)).returning({ id: notifications.id }).get().id,
    notification: async (id) => db.select().from(notifications).where(eq(notifications.id, id)).get(),
    notificationKinds: async () => db.select({ kind: notifications.kind }).from(notifications).orderBy(asc(notifications.id)).all().map((row) => row.kind),
    audit: async () =>
      db
        .select()
        .from(auditLog)
        .orderBy(asc(auditLog.id))
        .all()
        .map((row) => ({ action: row.action, orderId: row.orderId, amount: row.amount, facts: factsOf(row.detail) })),
  };
}

export function postgresOrderTables(db: PgDb): OrderTables {
  return {
    async insertOrder(values) {
      const [row] = await db.insert(pg.orders).values(values as typeof pg.orders.$inferInsert).returning({ id: pg.orders.id });
      if (!row) throw new Error('no order inserted');
      return row.id;
    },
    order: async (id) => (await db.select().from(pg.orders).where(eq(pg.orders.id, id)))[0],
    setState: async (id, state) => void (await db.update(pg.orders).set({ state }).where(eq(pg.orders.id, id))),
    async insertNotification(values) {
      const [row] = await db.insert(pg.notifications).values(notificationInsert(values)).returning({ id: pg.notifications.id });
      if (!row) throw new Error('no notification inserted');
      return row.id;
    },
    notification: async (id) => (await db.select().from(pg.notifications).where(eq(pg.notifications.id, id)))[0],
    notificationKinds: async () => (await db.select({ kind: pg.notifications.kind }).from(pg.notifications).orderBy(asc(pg.notifications.id))).map((row) => row.kind),
    audit: async () =>
      (await db.select().from(pg.auditLog).orderBy(asc(pg.auditLog.id))).map((row) => ({
        action: row.action,
        orderId: row.orderId,
        amount: row.amount,
        facts: factsOf(row.detail),
      })),
  };
}

/** The same rows through the storage seam, on either database. */
export function seamOrderTables(database: Database): OrderTables {
  const { q } = database;
  const { orders: o, notifications: n, auditLog: a } = database.tables;
  return {
    async insertOrder(values) {
      const [row] = await q.insert(o).values(values as typeof pg.orders.$inferInsert).returning({ id: o.id });
      if (!row) throw new Error('no order inserted');
      return row.id;
    },
    order: async (id) => (await q.select().from(o).where(eq(o.id, id)))[0],
    setState: async (id, state) => void (await q.update(o).set({ state }).where(eq(o.id, id))),
    async insertNotification(values) {
      const [row] = await q.insert(n).values(notificationInsert(values)).returning({ id: n.id });
      if (!row) throw new Error('no notification inserted');
      return row.id;
    },
    notification: async (id) => (await q.select().from(n).where(eq(n.id, id)))[0],
    notificationKinds: async () => (await q.select({ kind: n.kind }).from(n).orderBy(asc(n.id))).map((row) => row.kind),
    audit: async () =>
      (await q.select().from(a).orderBy(asc(a.id))).map((row) => ({ action: row.action, orderId: row.orderId, amount: row.amount, facts: factsOf(row.detail) })),
  };
}

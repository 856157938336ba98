import { afterAll, beforeAll } from 'vitest';
import { createPostgresAuditTrail } from '../../src/db/postgres/audit-trail.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { freshDatabase } from '../support/postgres-database.js';
import { auditTrailContract } from './contract/audit-trail.contract.js';
import { steppingClock } from './contract/subjects.js';

let db: PgDb;
beforeAll(async () => {
  db = await openPostgres(await freshDatabase('audit_trail'));
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

const number = (value: string | null) => (value === null ? null : Number(value));

auditTrailContract('PostgreSQL', async () => {
  await db.$client.query('truncate audit_log restart identity');
  return {
    trail: createPostgresAuditTrail({ db, clock: steppingClock() }),
    rows: async () =>
      (
        await db.$client.query<{ at: Date; actor_id: string | null; action: string; order_id: string | null; amount: string | null; subject_id: string | null; detail: string | null }>(
          'select at, actor_id, action, order_id, amount, subject_id, detail from audit_log order by id',
        )
      ).rows.map((r) => ({
        at: r.at.getTime(),
        actorId: number(r.actor_id),
        action: r.action,
        orderId: number(r.order_id),
        amount: number(r.amount),
        subjectId: number(r.subject_id),
        detail: r.detail,
      })),
  };
});

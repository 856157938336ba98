import { afterAll } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createSqliteAuditTrail } from '../../src/orders/audit-trail.js';
import { auditTrailContract } from './contract/audit-trail.contract.js';
import { steppingClock } from './contract/subjects.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

auditTrailContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  return {
    trail: createSqliteAuditTrail({ db, clock: steppingClock() }),
    rows: async () =>
      db.$client
        .prepare<[], { at: number; actorId: number | null; action: string; orderId: number | null; amount: number | null; subjectId: number | null; detail: string | null }>(
          'select at, actor_id as actorId, action, order_id as orderId, amount, subject_id as subjectId, detail from audit_log order by id',
        )
        .all(),
  };
});

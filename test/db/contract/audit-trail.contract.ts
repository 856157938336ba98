import { beforeEach, describe, expect, it } from 'vitest';
import { encodeAuditFacts } from '../../../src/db/audit-log.js';
import type { AuditTrail } from '../../../src/db/audit-trail.js';

/** What every AuditTrail does, whatever database keeps it. */
export interface AuditTrailSubject {
  trail: AuditTrail;
  /** Every audit row in the order written; `at` in epoch ms. */
  rows(): Promise<Array<{ at: number; actorId: number | null; action: string; orderId: number | null; amount: number | null; subjectId: number | null; detail: string | null }>>;
}

/** `fresh` gives a trail over an empty audit_log, its clock stepping one second from 1_700_000_000_000 on every reading. */
export function auditTrailContract(database: string, fresh: () => Promise<AuditTrailSubject>): void {
  describe(`audit trail on ${database}`, () => {
    let subject: AuditTrailSubject;
    beforeEach(async () => {
      subject = await fresh();
    });

    it('writes one row per event, at the clock’s time, with its facts', async () => {
      await subject.trail.record({ actorId: 1001, action: 'codes_revealed', orderId: null, amount: 1_250_000, subjectId: 2002, facts: { times: 2 } });
      await subject.trail.record({ actorId: null, action: 'export.made', orderId: null, amount: null });
      expect(await subject.rows()).toEqual([
        { at: 1_700_000_001_000, actorId: 1001, action: 'codes_revealed', orderId: null, amount: 1_250_000, subjectId: 2002, detail: encodeAuditFacts({ times: 2 }) },
        { at: 1_700_000_002_000, actorId: null, action: 'export.made', orderId: null, amount: null, subjectId: null, detail: null },
      ]);
    });
  });
}

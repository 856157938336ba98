import type { Clock } from '../../../src/clock.js';
import { decodeAuditDetail } from '../../../src/db/audit-log.js';

/** A clock that moves one second on every reading, so that rows written one after another have distinct times. */
export function steppingClock(start = 1_700_000_000_000): Clock & { advance(ms: number): void } {
  let now = start;
  return { now: () => (now += 1000), sleep: async () => undefined, advance: (ms) => void (now += ms) };
}

export interface AuditRowText {
  actor_id: number | string | null;
  action: string;
  subject_id: number | string | null;
  detail: string | null;
}

/** The staff audit rows as the contract compares them, from either database's raw rows. */
export function staffAuditOf(rows: AuditRowText[]) {
  return rows.map((row) => {
    const detail = decodeAuditDetail(row.detail);
    return {
      actorId: row.actor_id === null ? null : Number(row.actor_id),
      action: row.action,
      subjectId: row.subject_id === null ? null : Number(row.subject_id),
      facts: detail?.kind === 'facts' ? detail.facts : detail,
    };
  });
}

export const STAFF_AUDIT_SQL = "select actor_id, action, subject_id, detail from audit_log where action like 'staff.%' order by id";

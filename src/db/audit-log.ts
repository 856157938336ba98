import type { Json } from './json.js';

/**
 * What an event was, as values rather than sentences: the audit view words
 * them in each reader's language. Words a person typed (a rejection
 * reason) or the provider wrote travel as values too, and are shown as
 * theirs, never translated. `note` is English kept for administrators and
 * shown marked as such; `technical` (an error's class and status) goes to
 * the export only.
 */
export type AuditFacts = Readonly<Record<string, Json>>;

export interface AuditRecord {
  actorId: number | null;
  action: string;
  orderId: number | null;
  amount: number | null;
  /** Short and free of secrets and codes. */
  facts?: AuditFacts | null;
  /** The person the event is about, when not the actor: whose role changed, whose codes were seen. */
  subjectId?: number | null;
}

/**
 * An order's audit row with the batch it is one of among its facts: /audit,
 * the audit export and a person reading either can follow a batch without
 * a join. Rows of orders on their own are left as they are.
 */
export function withBatchFact(facts: AuditFacts | null | undefined, order: { batchId: number | null }): AuditFacts | null | undefined {
  return order.batchId === null ? facts : { ...facts, batch: order.batchId };
}

/**
 * The detail column holds facts as `{"facts":{…}}`. Rows written before
 * facts existed hold an English sentence there, which never starts with a
 * brace: those read back as a note.
 */
export function encodeAuditFacts(facts: AuditFacts): string {
  return JSON.stringify({ facts });
}

export type AuditDetail = { kind: 'facts'; facts: AuditFacts } | { kind: 'note'; text: string } | null;

export function decodeAuditDetail(detail: string | null): AuditDetail {
  if (detail === null || detail === '') return null;
  if (detail.startsWith('{"facts":')) {
    try {
      const parsed = JSON.parse(detail) as { facts?: unknown };
      const facts = parsed.facts;
      if (facts !== null && typeof facts === 'object' && !Array.isArray(facts)) return { kind: 'facts', facts: facts as AuditFacts };
    } catch {
      // Not ours after all: shown as it is.
    }
  }
  return { kind: 'note', text: detail };
}

/**
 * The detail as one line of text for a spreadsheet ("source: admin;
 * reason: wallet audit"): the export keeps the record's own values, which
 * sort and filter, rather than one language's sentences.
 */
export function auditDetailText(detail: string | null): string | null {
  const decoded = decodeAuditDetail(detail);
  if (decoded === null) return null;
  if (decoded.kind === 'note') return decoded.text;
  return Object.entries(decoded.facts)
    .filter(([, value]) => value !== null)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ');
}

/** An audit record as the audit_log row that keeps it, on either database. */
export function auditRow(at: Date, entry: AuditRecord) {
  return {
    at,
    actorId: entry.actorId,
    action: entry.action,
    orderId: entry.orderId,
    amount: entry.amount,
    detail: entry.facts ? encodeAuditFacts(entry.facts) : null,
    subjectId: entry.subjectId ?? null,
  };
}

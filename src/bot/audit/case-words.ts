import type { AuditEntry } from '../../db/audit-queries.js';
import type { AuditFacts } from '../../db/audit-log.js';
import { CASE_REASONS, CASE_STATES } from '../../domain/code-cases.js';
import { clipName } from '../describe-person.js';
import { formatId } from '../../text/format.js';
import type { ReaderView } from '../../text/presentation.js';

const MAX_QUOTE = 160;
const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === 'string' && (list as readonly string[]).includes(value);

/** A case's events in /audit (opened, moved, the provider's answer noted); null for facts this release has no words for. */
export function caseWords(v: ReaderView, entry: AuditEntry, step: string, facts: AuditFacts): string | null {
  const id = typeof facts['case'] === 'number' ? facts['case'] : null;
  if (id === null) return null;
  const number = `#${formatId(id, v.locale)}`;
  const order = entry.orderId === null ? '?' : formatId(entry.orderId, v.locale);
  if (step === 'opened' && isOneOf(CASE_REASONS, facts['reason'])) return v.t('audit-case-opened', { case: number, order, reason: v.t(`case-reason-${facts['reason']}`) });
  if (step === 'moved' && isOneOf(CASE_STATES, facts['from']) && isOneOf(CASE_STATES, facts['to'])) {
    const transaction = typeof facts['transaction'] === 'number' ? formatId(facts['transaction'], v.locale) : null;
    const words = { case: number, order, from: v.t(`case-state-${facts['from']}`), to: v.t(`case-state-${facts['to']}`) };
    return transaction === null ? v.t('audit-case-moved', words) : v.t('audit-case-refunded', { ...words, transaction });
  }
  if (step === 'answered' && typeof facts['answer'] === 'string') return v.t('audit-case-answered', { case: number, order, answer: clipName(facts['answer'], MAX_QUOTE) });
  return null;
}

import type { Json } from '../../db/json.js';
import type { AuditFacts } from '../../db/audit-log.js';
import { SPENDING_RULE_KINDS } from '../../orders/spending-rules.js';
import { formatId } from '../../text/format.js';
import { stepUpOrdersWords, velocityChangeWords } from '../../safeguards/dual-control/dual-control-announcer.js';
import { showAmount, type ReaderView } from '../../text/presentation.js';

type View = Pick<ReaderView, 't' | 'locale' | 'amountUnit'> & { describePerson: (id: number) => string };

const STEPS = ['requested', 'confirmed', 'refused', 'expired'] as const;

/** The change a dual-control audit row is about, from its facts, in the reader's words. */
function changeOf(v: View, subjectId: number | null, facts: AuditFacts): string | null {
  if (facts['change'] === 'step-up') return v.t(facts['enabled'] === 'on' ? 'dual-change-step-up-on' : 'dual-change-step-up-off');
  if (facts['change'] === 'step-up-orders') {
    const value = facts['value'];
    return stepUpOrdersWords(v, typeof value === 'number' ? value : null);
  }
  if (facts['change'] === 'admin-group') return v.t(facts['verb'] === 'unbind' ? 'dual-change-admin-group-unbind' : 'dual-change-admin-group-bind', { group: String(facts['title'] ?? facts['group'] ?? '?') });
  if (facts['change'] === 'velocity') {
    const value = facts['value'];
    return typeof facts['limit'] === 'string' ? velocityChangeWords(v, facts['limit'], typeof value === 'number' ? value : null) : null;
  }
  if (facts['change'] === 'month-close') return v.t('dual-change-month-close-plain', { month: String(facts['month'] ?? '?') });
  if (facts['change'] === 'budget') {
    const amount = (value: Json | undefined) => (typeof value === 'number' ? showAmount(v, value) : v.t('budgets-none'));
    return v.t('dual-change-budget', { centre: String(facts['name'] ?? facts['centre'] ?? '?'), before: amount(facts['before']), value: amount(facts['value']) });
  }
  if (facts['change'] === 'role') return subjectId === null ? null : v.t('dual-change-role', { person: v.describePerson(subjectId) });
  const rule = facts['rule'];
  if (facts['change'] !== 'rule' || typeof rule !== 'string' || !(SPENDING_RULE_KINDS as readonly string[]).includes(rule)) return null;
  const kind = v.t(`limits-kind-${rule}`);
  const value: Json | undefined = facts['value'];
  if (value === 'default') return subjectId === null ? null : v.t('dual-change-reset-plain', { person: v.describePerson(subjectId), kind });
  const words =
    value === null ? v.t(rule === 'approval' ? 'limits-no-approval' : 'limits-no-limit') : typeof value === 'number' ? showAmount(v, value) : '?';
  if (subjectId === null) return v.t('dual-change-default', { kind, value: words });
  return v.t('dual-change-person', { person: v.describePerson(subjectId), kind, value: words });
}

/** "asked a second administrator to …", "confirmed request 3 of Ada: …": null for rows this release has no words for. */
export function adminChangeWords(v: View, step: string, subjectId: number | null, facts: AuditFacts): string | null {
  const id = facts['request'];
  if (!(STEPS as readonly string[]).includes(step) || typeof id !== 'number') return null;
  const change = changeOf(v, subjectId, facts);
  if (change === null) return null;
  const requester = typeof facts['requester'] === 'number' ? v.describePerson(facts['requester']) : '?';
  return v.t(`audit-admin-change-${step}`, { id: formatId(id, v.locale), change, requester });
}

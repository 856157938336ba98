import type { Json } from '../../db/json.js';
import type { AuditFacts } from '../../db/audit-log.js';

/**
 * Rows written before the audit kept facts hold a sentence the code built
 * from values, in a fixed shape per action ("spending.approval.default:
 * 2000000 → null", "approval 3: …", "PREPARING -> COMPLETED"). Where the
 * shape is known the values are read back, so older rows read in the
 * reader's language too; anything else stays a note. Null when nothing is
 * recognised.
 */
export function factsFromLegacy(action: string, text: string): AuditFacts | null {
  if (action.startsWith('approval.')) {
    const match = /^approval (\d{1,15})(?:: ([\s\S]*))?$/.exec(text);
    if (!match) return null;
    const approval = Number(match[1]);
    const rest = match[2] ?? null;
    if (action === 'approval.requested') return { approval };
    // A rejection's text was the administrator's own reason; other actions' text was ours, kept as a note.
    if (action === 'approval.rejected') return { approval, reason: rest };
    return rest === null ? { approval } : { approval, note: rest };
  }
  if (action === 'setting.changed') {
    const match = /^([\w.-]+): (.*) → (.*)$/.exec(text);
    if (!match) return null;
    const before = parseJson(match[2]!);
    const after = parseJson(match[3]!);
    return before === undefined || after === undefined ? null : { setting: match[1]!, before, after };
  }
  if (action === 'notification.sent') {
    const match = /^(\w+): (\d+) message\(s\)$/.exec(text);
    return match ? { kind: match[1]!, messages: Number(match[2]) } : null;
  }
  if (action === 'ordering.paused') {
    const match = /^(admin|provider)(?:: ([\s\S]*))?$/.exec(text);
    return match ? { source: match[1]!, reason: match[2] ?? null } : null;
  }
  if (action === 'ordering.resumed') {
    const match = /^was paused by (admin|provider) since (\S+)$/.exec(text);
    const since = match ? Date.parse(match[2]!) : NaN;
    return match && !Number.isNaN(since) ? { source: match[1]!, since } : null;
  }
  // The poller's provider statuses: the state the action names already says it.
  if (action.startsWith('order.') && /^[A-Z_-]+ -> [A-Z_-]+$/.test(text)) return {};
  return null;
}

function parseJson(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

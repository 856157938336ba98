import { normaliseDigits } from '../../text/digits.js';

/** A rejection's reason is shown to the staff member and kept in the audit: a line or two. */
const MAX_REASON_CHARS = 300;

export type ApprovalCommand =
  | { kind: 'list' }
  | { kind: 'threshold'; value: number | null }
  | { kind: 'reject'; id: number; reason: string | null }
  | { kind: 'usage' };

/** `/approvals`, `/approvals threshold <amount>|off`, `/approvals reject <id> [reason]`. */
export function parseApprovalsCommand(text: string): ApprovalCommand {
  const [verb, argument, ...rest] = text.trim().split(/\s+/).filter(Boolean);
  if (verb === undefined) return { kind: 'list' };
  switch (verb.toLowerCase()) {
    case 'threshold': {
      if (argument === undefined || rest.length > 0) return { kind: 'usage' };
      if (argument.toLowerCase() === 'off') return { kind: 'threshold', value: null };
      const amount = normaliseDigits(argument).replace(/[,٬_]/g, '');
      return /^[0-9]{1,15}$/.test(amount) ? { kind: 'threshold', value: Number(amount) } : { kind: 'usage' };
    }
    case 'reject': {
      const id = /^#?([0-9]{1,15})$/.exec(normaliseDigits(argument ?? ''));
      if (!id) return { kind: 'usage' };
      const reason = Array.from(rest.join(' ')).slice(0, MAX_REASON_CHARS).join('');
      return { kind: 'reject', id: Number(id[1]), reason: reason === '' ? null : reason };
    }
    default:
      return { kind: 'usage' };
  }
}

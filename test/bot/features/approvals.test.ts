import { describe, expect, it } from 'vitest';
import { parseApprovalsCommand } from '../../../src/bot/features/approvals-command.js';

describe('/approvals arguments', () => {
  it('reads a threshold typed in Persian digits with separators', () => {
    expect(parseApprovalsCommand('threshold ۵٬۰۰۰٬۰۰۰')).toEqual({ kind: 'threshold', value: 5_000_000 });
    expect(parseApprovalsCommand('threshold 5,000,000')).toEqual({ kind: 'threshold', value: 5_000_000 });
  });

  it('turns approval off with "off"', () => {
    expect(parseApprovalsCommand('threshold off')).toEqual({ kind: 'threshold', value: null });
  });

  it('takes the rest of a reject as its reason, and no reason when none is given', () => {
    expect(parseApprovalsCommand('reject #12 not this month')).toEqual({ kind: 'reject', id: 12, reason: 'not this month' });
    expect(parseApprovalsCommand('reject 12')).toEqual({ kind: 'reject', id: 12, reason: null });
  });

  it('answers anything else with the usage', () => {
    expect(parseApprovalsCommand('threshold lots').kind).toBe('usage');
    expect(parseApprovalsCommand('approve 12').kind).toBe('usage');
    expect(parseApprovalsCommand('reject')).toEqual({ kind: 'usage' });
  });
});

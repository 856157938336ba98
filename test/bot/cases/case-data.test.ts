import { describe, expect, it } from 'vitest';
import { caseData, parseCaseData, type CasePress } from '../../../src/bot/cases/case-data.js';
import { problemButton } from '../../../src/delivery/problem-button.js';
import { CASE_REASONS, CASE_STATES } from '../../../src/domain/code-cases.js';

const BIG = 999_999_999_999_999;

describe("cases' callback data", () => {
  it('reads back every press it writes, each within 64 bytes even at the largest ids', () => {
    const presses: CasePress[] = [
      { kind: 'problem', orderId: BIG },
      ...CASE_REASONS.map((reason) => ({ kind: 'reason' as const, orderId: BIG, reason, card: null })),
      ...CASE_REASONS.map((reason) => ({ kind: 'reason' as const, orderId: BIG, reason, card: 999 })),
      { kind: 'card', orderId: BIG, card: 1 },
      { kind: 'card', orderId: BIG, card: 999 },
      { kind: 'card', orderId: BIG, card: null },
      { kind: 'skip', orderId: BIG },
      { kind: 'view', caseId: BIG },
      ...CASE_STATES.flatMap((from) => CASE_STATES.map((to) => ({ kind: 'move' as const, caseId: BIG, from, to }))),
      { kind: 'answer', caseId: BIG },
    ];
    for (const press of presses) {
      const data = caseData(press);
      expect(Buffer.byteLength(data), data).toBeLessThanOrEqual(64);
      expect(parseCaseData(data)).toEqual(press);
    }
  });

  it("matches the delivery's button, which is built where deliveries are", () => {
    const button = problemButton((key) => key, 42);
    expect(parseCaseData('callbackData' in button ? button.callbackData : undefined)).toEqual({ kind: 'problem', orderId: 42 });
  });

  it('reads nothing from data it never gave', () => {
    // A reason written before cards were told apart still reads: the whole order.
    expect(parseCaseData('cs:r:7:u')).toEqual({ kind: 'reason', orderId: 7, reason: 'used', card: null });
    for (const forged of ['cs:r:1:z', 'cs:r:1:i:0', 'cs:r:1:i:1000', 'cs:c:1', 'cs:c:1:01', 'cs:c:1:-1', 'cs:m:1:o:x', 'cs:p:', 'cs:p:1:2', 'cs:p:-1', 'cs:v:1234567890123456', 'cs:x:1', 'oc:1', '']) expect(parseCaseData(forged), forged).toBeNull();
    expect(parseCaseData(undefined)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { creditAnswers } from '../../src/runway/top-up-watch.js';

const ASKED_AT = Date.parse('2026-12-02T09:00:00Z');
const request = { amount: 20_000_000, createdAt: new Date(ASKED_AT) };
const credit = (amount: number, at: number, providerOrderId: number | null = null) => ({ type: 'CREDIT', amount, providerOrderId, at, seenAt: at });

describe('which credit answers a top-up request', () => {
  it('takes a top-up after the request of the amount, more, or at most 1 % less', () => {
    expect(creditAnswers(request, credit(20_000_000, ASKED_AT + 1))).toBe(true);
    expect(creditAnswers(request, credit(50_000_000, ASKED_AT + 1))).toBe(true);
    expect(creditAnswers(request, credit(19_800_000, ASKED_AT + 1))).toBe(true);
    expect(creditAnswers(request, credit(19_799_999, ASKED_AT + 1))).toBe(false);
  });

  it('leaves out credits from before the request, refunds of orders and debits', () => {
    expect(creditAnswers(request, credit(20_000_000, ASKED_AT - 1))).toBe(false);
    expect(creditAnswers(request, credit(20_000_000, ASKED_AT + 1, 9001))).toBe(false);
    expect(creditAnswers(request, { ...credit(20_000_000, ASKED_AT + 1), type: 'DEBIT' })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { createApprovalJudge } from '../../src/orders/approval-judge.js';
import type { ApprovalRow } from '../../src/db/approval-store.js';
import { createSpendingCounter } from '../../src/orders/spending-counter.js';
import { createSpendingStore } from '../../src/db/spending-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createSpendingRuleBook } from '../../src/orders/spending-rules.js';
import { createLocalPeriods } from '../../src/text/local-periods.js';
import { orderRepoWorld, placingOrder } from '../support/order-fixtures.js';
import { sqliteSettings } from '../support/sqlite-settings.js';

const PRICE = 1_250_000;
const PERSON = 11;
/** 2023-11-14 22:13:20 UTC: 01:43:20 on the 15th in Tehran (UTC+03:30). */
const T0 = 1_700_000_000_000;
const HOUR = 60 * 60_000;

async function world() {
  const { db, clock, repo } = orderRepoWorld(T0);
  const rules = createSpendingRuleBook({ settings: sqliteSettings(db, clock) });
  await rules.setDefault('approval', 2 * PRICE, 1);
  const counter = createSpendingCounter({ store: createSpendingStore({ database: databaseOf(db) }), periods: createLocalPeriods('Asia/Tehran') });
  let pending: ApprovalRow[] = [];
  const judge = createApprovalJudge({ rules, counter, pending: async () => pending, clock });
  /** One order of one card, placed now and counted as spent. */
  const placed = async (key: string) => {
    const order = await placingOrder(repo, { confirmKey: key, fingerprint: key, userId: PERSON, chatId: PERSON });
    await repo.transition({ id: order.id, from: 'placing', to: 'in_progress', set: {}, audit: { actorId: PERSON, action: 'order.placed', facts: {} } });
    return order;
  };
  return { clock, rules, judge, placed, setPending: (rows: ApprovalRow[]) => void (pending = rows) };
}

describe('the approval threshold judged on the local day', () => {
  it('counts what the person spent today and what waits for approval, with this order', async () => {
    const { judge, placed, setPending } = await world();
    expect(await judge(PERSON, PRICE)).toBe(false);
    await placed('a');
    expect(await judge(PERSON, PRICE)).toBe(false);
    await placed('b');
    expect(await judge(PERSON, 1)).toBe(true);
    // Someone else's day is theirs.
    expect(await judge(PERSON + 1, PRICE)).toBe(false);
    // Their waiting requests count too.
    const line = { product: { id: 101, title: 'Google Play 10 USD' }, region: { regionPropertyId: 5001, title: 'US', price: PRICE }, quantity: 1, fields: [] };
    setPending([{ requesterId: PERSON + 1, lines: [line] } as unknown as ApprovalRow]);
    expect(await judge(PERSON + 1, PRICE)).toBe(false);
    setPending([{ requesterId: PERSON + 1, lines: [{ ...line, quantity: 2 }] } as unknown as ApprovalRow]);
    expect(await judge(PERSON + 1, 1)).toBe(true);
  });

  it('leaves out the order being judged, and starts afresh at the local midnight', async () => {
    const { clock, judge, placed } = await world();
    await placed('a');
    const second = await placed('b');
    expect(await judge(PERSON, PRICE, second.id)).toBe(false);
    expect(await judge(PERSON, PRICE)).toBe(true);
    // 23:43 in Tehran: still the same day.
    clock.advance(22 * HOUR);
    expect(await judge(PERSON, PRICE)).toBe(true);
    // 00:43 the next day.
    clock.advance(HOUR);
    expect(await judge(PERSON, 2 * PRICE)).toBe(false);
    expect(await judge(PERSON, 2 * PRICE + 1)).toBe(true);
  });

  it('needs nothing without a threshold, and the order alone above it always waits', async () => {
    const { rules, judge, placed } = await world();
    expect(await judge(PERSON, 2 * PRICE + 1)).toBe(true);
    await placed('a');
    await rules.setDefault('approval', null, 1);
    expect(await judge(PERSON, 100 * PRICE)).toBe(false);
  });
});

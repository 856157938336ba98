import { describe, expect, it } from 'vitest';
import { createLocalPeriods, type MonthCalendar } from '../../src/text/local-periods.js';
import type { OrderState } from '../../src/domain/order-states.js';
import { createLimitCheck, judgeLimits } from '../../src/orders/limit-check.js';
import { createSpendingCounter } from '../../src/orders/spending-counter.js';
import { createSpendingStore } from '../../src/db/spending-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { sqliteSettings } from '../support/sqlite-settings.js';
import { createSpendingRuleBook } from '../../src/orders/spending-rules.js';
import type { OrderRow } from '../../src/db/order-store.js';
import { openedOrder, orderRepoWorld } from '../support/order-fixtures.js';

const TEHRAN = 'Asia/Tehran';
/** Local midnight in Tehran (UTC+3:30) that starts Sunday 1 Azar 1405 = 22 November 2026. */
const AZAR_1 = Date.parse('2026-11-21T20:30:00Z');
const MINUTE = 60_000;
const USER = 7;

function world(calendar: MonthCalendar, startMs: number) {
  const { db, clock, repo } = orderRepoWorld(startMs);
  const counter = createSpendingCounter({ store: createSpendingStore({ database: databaseOf(db) }), periods: createLocalPeriods(TEHRAN, calendar) });
  let made = 0;
  /** An order of `amount` by `userId`, confirmed at `atMs`, then taken to `state` through the real transitions. */
  const order = async (atMs: number, amount: number, state: OrderState = 'in_progress', userId = USER): Promise<OrderRow> => {
    clock.advance(atMs - clock.now());
    made += 1;
    const opened = await openedOrder(repo, { userId, confirmKey: `k${made}`, fingerprint: `f${made}`, unitPrice: amount });
    if (state === 'intent') return opened;
    if (state === 'not_placed') return (await repo.transition({ id: opened.id, from: 'intent', to: 'not_placed', audit: { actorId: userId, action: 'test' } }))!;
    await repo.claimForPlacing(opened.id, userId);
    const path: OrderState[] = state === 'rejected' || state === 'unknown' ? [state] : state === 'in_progress' ? ['in_progress'] : ['in_progress', state];
    let from: OrderState = 'placing';
    for (const to of path) {
      await repo.transition({ id: opened.id, from, to, audit: { actorId: userId, action: 'test' } });
      from = to;
    }
    return (await repo.get(opened.id))!;
  };
  return { clock, counter, order, db };
}

// What the counter counts is a contract run on both databases: test/db/contract/spending-counter.contract.ts.

describe('judging an order against the limits', () => {
  const none = { order: null, day: null, month: null };

  it('names the per-order limit first, with the most one order may cost', () => {
    expect(judgeLimits({ order: 1_000, day: 500, month: null }, { day: 0, month: 0 }, 1_500)).toEqual({ ok: false, limit: 'order', cap: 1_000, left: 1_000 });
  });

  it('says what is left today when the day limit would be passed', () => {
    expect(judgeLimits({ ...none, day: 10_000 }, { day: 7_500, month: 7_500 }, 3_000)).toEqual({ ok: false, limit: 'day', cap: 10_000, left: 2_500 });
  });

  it('lets an order that reaches the limit exactly through', () => {
    expect(judgeLimits({ ...none, day: 10_000, month: 10_000 }, { day: 7_500, month: 7_500 }, 2_500)).toEqual({ ok: true });
  });

  it('says nothing is left, never a negative amount, once spending passed a lowered limit', () => {
    expect(judgeLimits({ ...none, month: 5_000 }, { day: 0, month: 8_000 }, 1)).toEqual({ ok: false, limit: 'month', cap: 5_000, left: 0 });
  });

  it('says when the local day and the Persian month end', () => {
    const { counter } = world('persian', AZAR_1);
    expect(counter.periodEnd('day', AZAR_1 + MINUTE)).toBe(AZAR_1 + 24 * 60 * MINUTE);
    // 1 Dey 1405 begins at local midnight of 22 December 2026.
    expect(counter.periodEnd('month', AZAR_1 + MINUTE)).toBe(Date.parse('2026-12-21T20:30:00Z'));
  });

  it('checks a person against their own rules over the team default, on the injected clock', async () => {
    const { db, clock, counter, order } = world('persian', AZAR_1);
    const rules = createSpendingRuleBook({ settings: sqliteSettings(db, clock) });
    await rules.setDefault('day', 2_000, 1);
    await order(AZAR_1 + MINUTE, 1_500);
    const check = createLimitCheck({ rules, counter, clock });
    // The day limit starts afresh at the next local midnight.
    expect(await check(USER, 1_000)).toEqual({ ok: false, limit: 'day', cap: 2_000, left: 500, resetsAt: AZAR_1 + 24 * 60 * MINUTE });
    await rules.setForPerson('day', USER, null, 1);
    expect(await check(USER, 1_000)).toEqual({ ok: true });
    // The next local day frees the day limit again.
    await rules.setForPerson('day', USER, undefined, 1);
    clock.advance(24 * 60 * MINUTE);
    expect(await check(USER, 1_000)).toEqual({ ok: true });
  });
});

import { describe, expect, it } from 'vitest';
import { createLocalPeriods, type MonthCalendar } from '../../src/text/local-periods.js';
import type { OrderState } from '../../src/db/schema.js';
import { createLimitCheck, judgeLimits } from '../../src/orders/limit-check.js';
import { createSpendingCounter } from '../../src/orders/spending-counter.js';
import { sqliteSettings } from '../support/sqlite-settings.js';
import { createSpendingRuleBook } from '../../src/orders/spending-rules.js';
import { openedOrder, orderRepoWorld } from '../support/order-fixtures.js';

const TEHRAN = 'Asia/Tehran';
/** Local midnight in Tehran (UTC+3:30) that starts Sunday 1 Azar 1405 = 22 November 2026. */
const AZAR_1 = Date.parse('2026-11-21T20:30:00Z');
/** Local midnight in Tehran that starts 1 December 2026 (10 Azar 1405). */
const DECEMBER_1 = Date.parse('2026-11-30T20:30:00Z');
const MINUTE = 60_000;
const USER = 7;

function world(calendar: MonthCalendar, startMs: number) {
  const { db, clock, repo } = orderRepoWorld(startMs);
  const counter = createSpendingCounter({ db, periods: createLocalPeriods(TEHRAN, calendar) });
  let made = 0;
  /** An order of `amount` by `userId`, confirmed at `atMs`, then taken to `state` through the real transitions. */
  const order = (atMs: number, amount: number, state: OrderState = 'in_progress', userId = USER) => {
    clock.advance(atMs - clock.now());
    made += 1;
    const opened = openedOrder(repo, { userId, confirmKey: `k${made}`, fingerprint: `f${made}`, unitPrice: amount });
    if (state === 'intent') return opened;
    if (state === 'not_placed') return repo.transition({ id: opened.id, from: 'intent', to: 'not_placed', audit: { actorId: userId, action: 'test' } })!;
    repo.claimForPlacing(opened.id, userId);
    const path: OrderState[] = state === 'rejected' || state === 'unknown' ? [state] : state === 'in_progress' ? ['in_progress'] : ['in_progress', state];
    let from: OrderState = 'placing';
    for (const to of path) {
      repo.transition({ id: opened.id, from, to, audit: { actorId: userId, action: 'test' } });
      from = to;
    }
    return repo.get(opened.id)!;
  };
  return { clock, counter, order, db };
}

describe('the spending counter', () => {
  it('counts an order at 23:59 Tehran time in yesterday, and one at 00:01 in today', () => {
    const { counter, order } = world('gregorian', AZAR_1 - 2 * MINUTE);
    order(AZAR_1 - MINUTE, 300);
    order(AZAR_1 + MINUTE, 500);
    expect(counter.spentBy(USER, AZAR_1 + 10 * MINUTE).day).toBe(500);
    expect(counter.spentBy(USER, AZAR_1 - 30_000).day).toBe(300);
  });

  it('starts a new Persian month at the Tehran midnight of 1 Azar', () => {
    const { counter, order } = world('persian', AZAR_1 - 2 * MINUTE);
    order(AZAR_1 - MINUTE, 300);
    order(AZAR_1 + MINUTE, 500);
    expect(counter.spentBy(USER, AZAR_1 + 10 * MINUTE).month).toBe(500);
  });

  it('keeps 30 Aban and 1 Azar in one Gregorian month, and starts December at the Tehran midnight', () => {
    const { counter, order } = world('gregorian', AZAR_1 - 2 * MINUTE);
    order(AZAR_1 - MINUTE, 300);
    order(AZAR_1 + MINUTE, 500);
    expect(counter.spentBy(USER, AZAR_1 + 10 * MINUTE).month).toBe(800);
    order(DECEMBER_1 - MINUTE, 1_000);
    order(DECEMBER_1 + MINUTE, 2_000);
    expect(counter.spentBy(USER, DECEMBER_1 + 10 * MINUTE)).toEqual({ day: 2_000, month: 2_000 });
    expect(counter.spentBy(USER, DECEMBER_1 - 30_000)).toEqual({ day: 1_000, month: 1_800 });
  });

  it('no longer counts orders that failed, were cancelled, refunded, refused or not placed', () => {
    const { counter, order } = world('gregorian', AZAR_1);
    for (const state of ['failed', 'cancelled', 'refunded', 'rejected', 'not_placed'] as const) order(AZAR_1 + MINUTE, 1_000, state);
    expect(counter.spentBy(USER, AZAR_1 + 2 * MINUTE)).toEqual({ day: 0, month: 0 });
  });

  it('counts orders in progress, delivered, waiting for action and of unknown outcome', () => {
    const { counter, order } = world('gregorian', AZAR_1);
    for (const state of ['in_progress', 'completed', 'action_required', 'unknown'] as const) order(AZAR_1 + MINUTE, 1_000, state);
    expect(counter.spentBy(USER, AZAR_1 + 2 * MINUTE).day).toBe(4_000);
  });

  it('counts only the person’s own orders, and leaves out the order being checked', () => {
    const { counter, order } = world('gregorian', AZAR_1);
    const own = order(AZAR_1 + MINUTE, 1_000);
    order(AZAR_1 + MINUTE, 9_000, 'in_progress', USER + 1);
    expect(counter.spentBy(USER, AZAR_1 + 2 * MINUTE).day).toBe(1_000);
    expect(counter.spentBy(USER, AZAR_1 + 2 * MINUTE, own.id).day).toBe(0);
  });
});

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
    order(AZAR_1 + MINUTE, 1_500);
    const check = createLimitCheck({ rules, counter, clock });
    // The day limit starts afresh at the next local midnight.
    expect(check(USER, 1_000)).toEqual({ ok: false, limit: 'day', cap: 2_000, left: 500, resetsAt: AZAR_1 + 24 * 60 * MINUTE });
    await rules.setForPerson('day', USER, null, 1);
    expect(check(USER, 1_000)).toEqual({ ok: true });
    // The next local day frees the day limit again.
    await rules.setForPerson('day', USER, undefined, 1);
    clock.advance(24 * 60 * MINUTE);
    expect(check(USER, 1_000)).toEqual({ ok: true });
  });
});

import { describe, expect, it } from 'vitest';
import { RUNWAY_HISTORY_DAYS } from '../../src/sandbox/runway-history.js';
import { createManualClock } from '../support/manual-clock.js';
import { startSandbox } from './http.js';
import { allTransactions, balanceOf, chainBreaks } from './wallet.js';

const DAY = 86_400_000;
const START = Date.UTC(2026, 9, 3);

async function seeded() {
  const clock = createManualClock(START);
  const sandbox = await startSandbox({ clock, initialBalance: 0 });
  clock.advance(RUNWAY_HISTORY_DAYS * DAY);
  const result = sandbox.controls.seedRunwayHistory(START);
  return { sandbox, result, clock };
}

describe('the seeded sixty days of spend for the runway', () => {
  it('spends every day, refunds some orders, and leaves the wallet empty at the end with a whole balanceAfter chain', async () => {
    const { sandbox, result } = await seeded();
    const history = await allTransactions(sandbox);
    expect(history).toHaveLength(result.transactions.length);
    expect(chainBreaks(history)).toEqual([]);
    expect(await balanceOf(sandbox)).toBe(0);
    const days = new Set(history.filter((t) => t.type === 'DEBIT').map((t) => Math.floor((Date.parse(t.createdAt) - START) / DAY)));
    expect(days.size).toBe(RUNWAY_HISTORY_DAYS);
    const refunds = history.filter((t) => t.type === 'CREDIT' && t.orderId !== null);
    expect(refunds.length).toBeGreaterThan(10);
    // Two top-ups: the first day's and the one at the end of day 30; none in the second half after it.
    const topUps = history.filter((t) => t.type === 'CREDIT' && t.orderId === null).map((t) => Date.parse(t.createdAt));
    expect(topUps).toHaveLength(2);
    expect(Math.max(...topUps)).toBeLessThan(START + 30 * DAY);
  });

  it('is the same every time', async () => {
    const one = (await seeded()).result.transactions.map((t) => [t.type, t.amount, t.createdAt]);
    const two = (await seeded()).result.transactions.map((t) => [t.type, t.amount, t.createdAt]);
    expect(one).toEqual(two);
  });

  it('refuses sixty days that would end after the sandbox’s now, and changes nothing', async () => {
    const clock = createManualClock(START);
    const sandbox = await startSandbox({ clock, initialBalance: 0 });
    clock.advance(10 * DAY);
    expect(() => sandbox.controls.seedRunwayHistory(START)).toThrow(/end after the sandbox's now/);
    expect(await allTransactions(sandbox)).toEqual([]);
  });
});

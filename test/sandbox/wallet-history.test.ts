import { describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import { createManualClock } from '../support/manual-clock.js';
import { call, placePlain, startSandbox } from './http.js';
import { allTransactions, balanceOf, chainBreaks, type ListedTransaction } from './wallet.js';

const P = SANDBOX_PRODUCTS;
const MONTH_START = Date.parse('2026-11-01T00:00:00Z');
const MONTH_MS = 30 * 24 * 3600 * 1000;
const TIMING = { preparingMs: 1_000, processingMs: 1_000 };

/**
 * Processor time this process spent since `since` (process.cpuUsage()), in ms: unlike the
 * time on the wall, it does not grow when a busy machine gives the tests less of its cores.
 */
const cpuMsSince = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};

const sumOf = (history: readonly ListedTransaction[]) => history.reduce((sum, t) => sum + (t.type === 'CREDIT' ? t.amount : -t.amount), 0);

/** A sandbox a month into its clock with a month of history and no other. */
async function monthOfHistory(count: number) {
  const clock = createManualClock(MONTH_START);
  const sandbox = await startSandbox({ clock, timing: TIMING, initialBalance: 0 });
  clock.advance(MONTH_MS);
  const started = process.cpuUsage();
  const seeded = sandbox.controls.seedTransactions({ count, from: new Date(MONTH_START), to: clock.now() });
  return { clock, sandbox, seeded, seedingCpuMs: cpuMsSince(started) };
}

describe('a seeded history of the wallet', () => {
  it('seeds 10,000 transactions of a month fast, with a whole balanceAfter chain, increasing ids and times', async () => {
    const { sandbox, seeded, seedingCpuMs } = await monthOfHistory(10_000);
    // About 250 ms of processor time.
    expect(seedingCpuMs).toBeLessThan(1_000);
    expect(seeded.transactions).toHaveLength(10_000);

    const history = await allTransactions(sandbox);
    expect(history).toHaveLength(10_000);
    expect(chainBreaks(history)).toEqual([]);
    const oldestFirst = [...history].reverse();
    expect(oldestFirst.every((t, i) => i === 0 || (t.id === oldestFirst[i - 1]!.id + 1 && t.createdAt >= oldestFirst[i - 1]!.createdAt))).toBe(true);
    expect(oldestFirst[0]).toMatchObject({ type: 'CREDIT', createdAt: new Date(MONTH_START).toISOString() });
    expect(history[0]!.createdAt).toBe(new Date(MONTH_START + MONTH_MS).toISOString());
    expect(history.filter((t) => t.type === 'DEBIT')).toHaveLength(9_000);
    expect(oldestFirst.every((t) => t.balanceAfter >= 0)).toBe(true);
    expect(await balanceOf(sandbox)).toBe(sumOf(history));
  });

  it('seeds debits of panel orders the order history knows, COMPLETED with their codes', async () => {
    const { sandbox, seeded } = await monthOfHistory(100);
    const debits = seeded.transactions.filter((t) => t.type === 'DEBIT');
    expect(seeded.orders.map((o) => o.orderId)).toEqual(debits.map((t) => t.orderId));
    const list = await call(sandbox, '/orders?page=1&pageSize=50');
    expect(list.body.meta.total).toBe(90);
    const [first] = seeded.orders;
    const detail = (await call(sandbox, `/orders/${first!.orderReference}`)).body.data;
    expect(detail).toMatchObject({ orderId: first!.orderId, amount: first!.amount, status: 'COMPLETED', createdAt: debits[0]!.createdAt });
    expect(detail.items[0].delivery.cards).toHaveLength(1);
  });

  it('follows on from the wallet as it is, and what comes after follows on from it', async () => {
    const clock = createManualClock(MONTH_START);
    const sandbox = await startSandbox({ clock, timing: TIMING, initialBalance: 10_000_000 });
    clock.advance(MONTH_MS);
    sandbox.controls.seedTransactions({ count: 500, from: MONTH_START, to: clock.now(), debitShare: 0.5 });
    clock.advance(1_000);
    await placePlain(sandbox, P.noFields);
    const history = await allTransactions(sandbox);
    expect(history).toHaveLength(502);
    expect(chainBreaks(history)).toEqual([]);
    expect(history.filter((t) => t.type === 'DEBIT')).toHaveLength(251);
    expect(await balanceOf(sandbox)).toBe(sumOf(history));
  });

  it('takes debits alone from the balance there is, and refuses more than it', async () => {
    const clock = createManualClock(MONTH_START);
    const sandbox = await startSandbox({ clock, initialBalance: 100_000_000 });
    clock.advance(MONTH_MS);
    const seeded = sandbox.controls.seedTransactions({ count: 20, from: MONTH_START, to: clock.now(), debitShare: 1 });
    expect(seeded.transactions.every((t) => t.type === 'DEBIT')).toBe(true);
    expect(await balanceOf(sandbox)).toBe(sumOf(await allTransactions(sandbox)));
    expect(() => sandbox.controls.seedTransactions({ count: 1_000, from: clock.now(), to: clock.now(), debitShare: 1 })).toThrow(/^the wallet holds \d+, not enough for the debits before the first top-up/);
  });

  it('refuses a span before the wallet’s newest entry or after now, and a count or share out of range, changing nothing', async () => {
    const clock = createManualClock(MONTH_START);
    const sandbox = await startSandbox({ clock });
    clock.advance(MONTH_MS);
    const now = clock.now();
    const refusal = (request: Parameters<typeof sandbox.controls.seedTransactions>[0]) => {
      try {
        sandbox.controls.seedTransactions(request);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('expected a refusal');
    };
    expect(refusal({ count: 10, from: MONTH_START - 1, to: now })).toBe(
      "the history cannot start before the wallet's newest entry (2026-11-01T00:00:00.000Z): start the sandbox earlier on its clock, or with initialBalance 0 for a wallet with no history",
    );
    expect(refusal({ count: 10, from: MONTH_START, to: now + 1 })).toBe('the history cannot end after the sandbox\'s now (2026-12-01T00:00:00.000Z)');
    expect(refusal({ count: 10, from: now, to: MONTH_START })).toBe('from and to must be times, from no later than to');
    expect(refusal({ count: -1, from: MONTH_START, to: now })).toBe('count must be a whole number from 0 to 1000000, got -1');
    expect(refusal({ count: 10, from: MONTH_START, to: now, debitShare: 1.5 })).toBe('debitShare must be a share from 0 to 1, got 1.5');
    expect((await allTransactions(sandbox)).map((t) => t.type)).toEqual(['CREDIT']);
  });
});

describe('wallet transaction pages', () => {
  it('answer any page of a long history without copying the history: 200 pages of 20,000 in little time', async () => {
    const { sandbox } = await monthOfHistory(20_000);
    const started = process.cpuUsage();
    for (let page = 1; page <= 200; page++) {
      const { body } = await call(sandbox, `/wallet/transactions?page=${page}&pageSize=50`);
      expect(body.data).toHaveLength(50);
      expect(body.meta).toEqual({ page, pageSize: 50, total: 20_000 });
    }
    // Both ends of the loopback are this process. With a copy of the whole history per request
    // these pages took about 7 s of processor time; with a copy of the page alone, about 0.5 s.
    expect(cpuMsSince(started)).toBeLessThan(3_000);
  });

  it('find one transaction of a long history by its id, and answer 404 for an id there is not', async () => {
    const { sandbox, seeded } = await monthOfHistory(1_000);
    for (const transaction of [seeded.transactions[0]!, seeded.transactions[517]!, seeded.transactions[999]!]) {
      expect((await call(sandbox, `/wallet/transactions/${transaction.id}`)).body.data).toEqual(transaction);
    }
    expect((await call(sandbox, '/wallet/transactions/1001')).status).toBe(404);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { type BudgetTake, type RateBudgetStore } from '../../../src/db/rate-budget-store.js';
import { INTERACTIVE_CLAIM_GRACE_MS, WINDOW_SPAN_MS, type BudgetShape } from '../../../src/domain/request-budget.js';

/**
 * What every RateBudgetStore answers, whatever keeps it. Real time: the
 * PostgreSQL store counts on the server's clock, so the rates are slow and
 * the bounds wide enough for a busy machine, yet each case fails if the
 * bucket, the claim or the hold is not kept.
 */
export interface RateBudgetSubject {
  store: RateBudgetStore;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const waitOf = (take: BudgetTake): number => (take.granted ? 0 : take.waitMs);
const KEY = 'key-a';

/** The most of `times` inside any window [t, t + ms). */
function busiestWindow(times: readonly number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while (sorted[j]! - sorted[i]! >= ms) i++;
    best = Math.max(best, j - i + 1);
  }
  return best;
}

export function rateBudgetContract(database: string, fresh: () => Promise<RateBudgetSubject>): void {
  describe(`provider rate budget on ${database}`, () => {
    let budget: RateBudgetStore;
    beforeEach(async () => {
      budget = (await fresh()).store;
    });

    it('grants the burst at once, then refuses with the time until the next token', async () => {
      const shape: BudgetShape = { requestsPerSecond: 4, burst: 3, keptForInteractive: 0 };
      const takes = [];
      for (let i = 0; i < 4; i++) takes.push(await budget.take(KEY, 'interactive', shape));
      expect(takes.map((t) => t.granted)).toEqual([true, true, true, false]);
      // The window has room for a fourth: the wait is the bucket's refill of one token.
      expect(waitOf(takes[3]!)).toBeGreaterThan(100);
      expect(waitOf(takes[3]!)).toBeLessThanOrEqual(250);
      expect(takes[3]).toMatchObject({ holdMs: 0 });
    });

    it('never grants more than the rate within a window, whatever the burst, and says when the oldest grant leaves it', async () => {
      const shape: BudgetShape = { requestsPerSecond: 2, burst: 3, keptForInteractive: 0 };
      const first = await budget.take(KEY, 'interactive', shape);
      const second = await budget.take(KEY, 'interactive', shape);
      const refused = await budget.take(KEY, 'interactive', shape);
      expect([first.granted, second.granted, refused.granted]).toEqual([true, true, false]);
      // A token is left in the bucket: only the window refuses, until the first grant has left it.
      expect(waitOf(refused)).toBeGreaterThan(WINDOW_SPAN_MS - 300);
      expect(waitOf(refused)).toBeLessThanOrEqual(WINDOW_SPAN_MS);
      await sleep(waitOf(refused) + 5);
      const third = await budget.take(KEY, 'interactive', shape);
      expect(third.granted).toBe(true);
      if (!first.granted || !third.granted) return;
      expect(third.grantedAt - first.grantedAt).toBeGreaterThanOrEqual(WINDOW_SPAN_MS);
    });

    it('keeps to the rate in every second over a run of takes that wait as told, the steady rate kept', async () => {
      const shape: BudgetShape = { requestsPerSecond: 4, burst: 3, keptForInteractive: 0 };
      const granted: number[] = [];
      const until = Date.now() + 2 * WINDOW_SPAN_MS + 200;
      while (Date.now() < until) {
        const take = await budget.take(KEY, 'interactive', shape);
        if (take.granted) granted.push(take.grantedAt);
        else await sleep(take.waitMs);
      }
      expect(busiestWindow(granted, WINDOW_SPAN_MS)).toBe(4);
      // Three windows begin in two spans and a little more: four grants in each.
      expect(granted.length).toBeGreaterThanOrEqual(9);
    });

    it('makes background takes leave places in the window to people', async () => {
      // Tokens aplenty: only the window's places decide.
      const shape: BudgetShape = { requestsPerSecond: 3, burst: 5, keptForInteractive: 1 };
      const background = [];
      for (let i = 0; i < 3; i++) background.push(await budget.take(KEY, 'background', shape));
      expect(background.map((t) => t.granted)).toEqual([true, true, false]);
      expect(waitOf(background[2]!)).toBeGreaterThan(WINDOW_SPAN_MS - 300);
      expect((await budget.take(KEY, 'interactive', shape)).granted).toBe(true);
      const full = await budget.take(KEY, 'interactive', shape);
      expect(full.granted).toBe(false);
      expect(waitOf(full)).toBeGreaterThan(WINDOW_SPAN_MS - 300);
      expect(waitOf(full)).toBeLessThanOrEqual(WINDOW_SPAN_MS);
    });

    it('refills at the rate: a take after the wait it was told is granted', async () => {
      const shape: BudgetShape = { requestsPerSecond: 4, burst: 1, keptForInteractive: 0 };
      expect((await budget.take(KEY, 'background', shape)).granted).toBe(true);
      const refused = await budget.take(KEY, 'background', shape);
      expect(refused.granted).toBe(false);
      await sleep(waitOf(refused) + 5);
      expect((await budget.take(KEY, 'background', shape)).granted).toBe(true);
    });

    it('makes background takes leave the kept tokens to people', async () => {
      // Places in the window for all of them (four, background's share three): only the kept token decides.
      // A token refills in 250 ms: a round whose five takes took longer (a stalled machine) proves nothing and is
      // made again on a fresh key, so what is judged is always a round the refill did not reach.
      const shape: BudgetShape = { requestsPerSecond: 4, burst: 3, keptForInteractive: 1 };
      for (let round = 0; round < 5; round++) {
        const key = `${KEY}-kept-${round}`;
        const started = performance.now();
        const background = [];
        for (let i = 0; i < 3; i++) background.push(await budget.take(key, 'background', shape));
        const people = [await budget.take(key, 'interactive', shape), await budget.take(key, 'interactive', shape)];
        if (performance.now() - started >= 200) continue;
        expect(background.map((t) => t.granted)).toEqual([true, true, false]);
        expect(people.map((t) => t.granted)).toEqual([true, false]);
        return;
      }
      throw new Error('five takes never fitted in 200 ms in five rounds: the machine is too busy to judge the bucket');
    });

    it('keeps background takes away from the token a refused person is waiting for', async () => {
      // A claim that holds a second past its due time: the sleep below may overshoot on a busy machine.
      const shape: BudgetShape = { requestsPerSecond: 5, burst: 1, keptForInteractive: 0, claimGraceMs: 1_000 };
      expect((await budget.take(KEY, 'interactive', shape)).granted).toBe(true);
      const person = await budget.take(KEY, 'interactive', shape);
      expect(person.granted).toBe(false);
      const due = waitOf(person);
      await sleep(due + 10);
      // The token is there, but it is the person's until their claim lapses.
      const background = await budget.take(KEY, 'background', shape);
      expect(background.granted).toBe(false);
      expect(waitOf(background)).toBeLessThanOrEqual(shape.claimGraceMs!);
      expect((await budget.take(KEY, 'interactive', shape)).granted).toBe(true);
    });

    it('keeps background takes away from the place in the window a refused person is waiting for', async () => {
      // Tokens to spare: the window alone refuses the person. The claim holds a second past the place's time.
      const shape: BudgetShape = { requestsPerSecond: 2, burst: 3, keptForInteractive: 0, claimGraceMs: 1_000 };
      expect((await budget.take(KEY, 'interactive', shape)).granted).toBe(true);
      expect((await budget.take(KEY, 'interactive', shape)).granted).toBe(true);
      const person = await budget.take(KEY, 'interactive', shape);
      expect(person.granted).toBe(false);
      await sleep(waitOf(person) + 10);
      // A place is free now, but it is the person's: their claim counts from when the place frees, not from the refusal.
      expect((await budget.take(KEY, 'background', shape)).granted).toBe(false);
      expect((await budget.take(KEY, 'interactive', shape)).granted).toBe(true);
    });

    it('lets background take again once a claim has lapsed unused', async () => {
      const shape: BudgetShape = { requestsPerSecond: 5, burst: 1, keptForInteractive: 0 };
      await budget.take(KEY, 'interactive', shape);
      const person = await budget.take(KEY, 'interactive', shape);
      await sleep(waitOf(person) + INTERACTIVE_CLAIM_GRACE_MS + 20);
      expect((await budget.take(KEY, 'background', shape)).granted).toBe(true);
    });

    it('holds every take until a Retry-After has passed, the later end winning', async () => {
      const shape: BudgetShape = { requestsPerSecond: 100, burst: 5, keptForInteractive: 0 };
      expect((await budget.take(KEY, 'interactive', shape)).granted).toBe(true);
      await budget.hold(KEY, 600);
      await budget.hold(KEY, 100);
      const remaining = await budget.holdRemaining(KEY);
      expect(remaining).toBeGreaterThan(400);
      expect(remaining).toBeLessThanOrEqual(600);
      for (const priority of ['interactive', 'background'] as const) {
        const refused = await budget.take(KEY, priority, shape);
        expect(refused.granted).toBe(false);
        if (refused.granted) return;
        expect(refused.holdMs).toBeGreaterThan(300);
        expect(refused.waitMs).toBeGreaterThanOrEqual(refused.holdMs);
      }
      await sleep(650);
      expect(await budget.holdRemaining(KEY)).toBe(0);
      expect((await budget.take(KEY, 'interactive', shape)).granted).toBe(true);
    });

    it('keeps one budget per key', async () => {
      const shape: BudgetShape = { requestsPerSecond: 1, burst: 1, keptForInteractive: 0 };
      expect((await budget.take(KEY, 'interactive', shape)).granted).toBe(true);
      expect((await budget.take(KEY, 'interactive', shape)).granted).toBe(false);
      expect((await budget.take('key-b', 'interactive', shape)).granted).toBe(true);
      await budget.hold('key-b', 5_000);
      expect(await budget.holdRemaining(KEY)).toBe(0);
      expect(await budget.holdRemaining('key-c')).toBe(0);
    });

    it('refuses a shape the bucket cannot have', async () => {
      await expect(budget.take(KEY, 'interactive', { requestsPerSecond: 0, burst: 1, keptForInteractive: 0 })).rejects.toThrow(RangeError);
      await expect(budget.take(KEY, 'interactive', { requestsPerSecond: 1, burst: 2, keptForInteractive: 2 })).rejects.toThrow(RangeError);
    });
  });
}

import { beforeEach, describe, expect, it } from 'vitest';
import { INTERACTIVE_CLAIM_GRACE_MS, type BudgetShape, type BudgetTake, type RateBudgetStore } from '../../../src/provider/rate-budget-store.js';

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

export function rateBudgetContract(database: string, fresh: () => Promise<RateBudgetSubject>): void {
  describe(`provider rate budget on ${database}`, () => {
    let budget: RateBudgetStore;
    beforeEach(async () => {
      budget = (await fresh()).store;
    });

    it('grants the burst at once, then refuses with the time until the next token', async () => {
      const shape: BudgetShape = { requestsPerSecond: 2, burst: 3, keptForInteractive: 0 };
      const takes = [];
      for (let i = 0; i < 4; i++) takes.push(await budget.take(KEY, 'interactive', shape));
      expect(takes.map((t) => t.granted)).toEqual([true, true, true, false]);
      expect(waitOf(takes[3]!)).toBeGreaterThan(300);
      expect(waitOf(takes[3]!)).toBeLessThanOrEqual(500);
      expect(takes[3]).toMatchObject({ holdMs: 0 });
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
      const shape: BudgetShape = { requestsPerSecond: 0.5, burst: 3, keptForInteractive: 1 };
      const background = [];
      for (let i = 0; i < 3; i++) background.push(await budget.take(KEY, 'background', shape));
      expect(background.map((t) => t.granted)).toEqual([true, true, false]);
      expect((await budget.take(KEY, 'interactive', shape)).granted).toBe(true);
      expect((await budget.take(KEY, 'interactive', shape)).granted).toBe(false);
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

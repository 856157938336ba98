import { describe, expect, it } from 'vitest';
import { createBudgets } from '../../src/budgets/budget-judge.js';
import { BUDGET_OVER } from '../../src/budgets/budget-settings.js';
import { createBudgetStore } from '../../src/db/budget-store.js';
import { createCostCentreStore } from '../../src/db/cost-centre-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createSpendingStore } from '../../src/db/spending-store.js';
import { createApprovalJudge } from '../../src/orders/approval-judge.js';
import { createLimitCheck } from '../../src/orders/limit-check.js';
import { createSpendingCounter } from '../../src/orders/spending-counter.js';
import { createSpendingRuleBook } from '../../src/orders/spending-rules.js';
import { createLocalPeriods } from '../../src/text/local-periods.js';
import { orderRepoWorld, placingOrder } from '../support/order-fixtures.js';
import { sqliteSettings } from '../support/sqlite-settings.js';

const PRICE = 1_250_000;
const PERSON = 11;
const ADMIN = 1;
/** 2023-11-14 22:13:20 UTC: 01:43:20 on the 15th in Tehran (UTC+03:30). */
const T0 = 1_700_000_000_000;

async function world() {
  const { db, clock, repo } = orderRepoWorld(T0);
  const database = databaseOf(db);
  const settings = sqliteSettings(db, clock);
  const rules = createSpendingRuleBook({ settings });
  const periods = createLocalPeriods('Asia/Tehran');
  const centres = createCostCentreStore({ database, clock });
  const store = createBudgetStore({ database, clock });
  const added = await centres.add({ name: 'Support', code: null, actorId: ADMIN });
  const centre = added.kind === 'added' ? added.centre.id : -1;
  await store.setBudget(centre, 3 * PRICE, ADMIN);
  const budgets = createBudgets({ store, centres, periods, settings, clock });
  const counter = createSpendingCounter({ store: createSpendingStore({ database }), periods });
  const checkLimits = createLimitCheck({ rules, counter, clock, budgets });
  const needsApproval = createApprovalJudge({ rules, counter, pending: async () => [], clock, budgets });
  /** An order of `quantity` cards for the cost centre, placed now and counted as committed. */
  const placed = async (key: string, quantity: number) => {
    const order = await placingOrder(repo, { confirmKey: key, fingerprint: key, userId: PERSON, chatId: PERSON, quantity, purpose: { costCentreId: centre, note: null } });
    await repo.transition({ id: order.id, from: 'placing', to: 'in_progress', set: {}, audit: { actorId: PERSON, action: 'order.placed', facts: {} } });
    return order;
  };
  return { centre, settings, checkLimits, needsApproval, placed, repo, budgets };
}

describe('a cost centre budget beside the person’s own rules', () => {
  it('lets an order within the budget through and asks approval for the one that would pass it, its first half already committed', async () => {
    const w = await world();
    expect(await w.needsApproval(PERSON, 2 * PRICE, undefined, w.centre)).toBe(false);
    await w.placed('a', 2);
    // The second half of a split order: judged with the first one committed.
    expect(await w.needsApproval(PERSON, 2 * PRICE, undefined, w.centre)).toBe(true);
    expect(await w.needsApproval(PERSON, PRICE, undefined, w.centre)).toBe(false);
    // No cost centre, or another person's rules with none: the budget does not apply.
    expect(await w.needsApproval(PERSON, 2 * PRICE, undefined, null)).toBe(false);
    expect(await w.checkLimits(PERSON, 2 * PRICE, undefined, w.centre)).toEqual({ ok: true });
  });

  it('refuses instead, as a limit, where administrators say so; the order being placed is left out of its own count', async () => {
    const w = await world();
    await w.settings.write(BUDGET_OVER, 'refuse', ADMIN);
    const first = await w.placed('a', 2);
    const verdict = await w.checkLimits(PERSON, 2 * PRICE, undefined, w.centre);
    expect(verdict).toMatchObject({ ok: false, limit: 'budget', cap: 3 * PRICE, left: PRICE });
    expect(await w.needsApproval(PERSON, 2 * PRICE, undefined, w.centre)).toBe(false);
    // Under the wallet lock the order itself is already counted: it is left out.
    expect(await w.checkLimits(PERSON, 2 * PRICE, first.id, w.centre)).toEqual({ ok: true });
  });

  it('gives the budget back when an order is refunded', async () => {
    const w = await world();
    const first = await w.placed('a', 3);
    expect(await w.needsApproval(PERSON, PRICE, undefined, w.centre)).toBe(true);
    await w.repo.transition({ id: first.id, from: 'in_progress', to: 'refunded', set: {}, audit: { actorId: PERSON, action: 'order.refunded', facts: {} } });
    expect(await w.needsApproval(PERSON, PRICE, undefined, w.centre)).toBe(false);
    const [month] = await w.budgets.month(T0);
    expect(month).toMatchObject({ centre: { name: 'Support', monthlyBudget: 3 * PRICE }, figures: { spent: 0, committed: 0 } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBudgets } from '../../src/budgets/budget-judge.js';
import { BUDGET_OVER, type BudgetOverMode } from '../../src/budgets/budget-settings.js';
import { systemClock } from '../../src/clock.js';
import { createBudgetStore } from '../../src/db/budget-store.js';
import { createCostCentreStore } from '../../src/db/cost-centre-store.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { postgresOwnerLocks } from '../../src/db/postgres/owner-lock.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createSettingsStore } from '../../src/db/settings-store.js';
import { createSpendingStore } from '../../src/db/spending-store.js';
import { silentLogger } from '../../src/logger.js';
import { createApprovalJudge } from '../../src/orders/approval-judge.js';
import { createLimitCheck, type LimitCheck } from '../../src/orders/limit-check.js';
import { createOrderService, type PlaceResult } from '../../src/orders/order-service.js';
import { createSpendingCounter } from '../../src/orders/spending-counter.js';
import { createSpendingRuleBook } from '../../src/orders/spending-rules.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { createSettingsView } from '../../src/settings/settings-view.js';
import { createLocalPeriods } from '../../src/text/local-periods.js';
import { googlePlayInput } from '../support/order-fixtures.js';
import { freshDatabase } from '../support/postgres-database.js';

/**
 * Two instances, each with its own pool, its own settings copy and its own
 * process-local wallet lock, judging orders of one cost centre whose budget
 * has room for one Google Play 10 USD (1,250,000) and not two. Only the
 * database is shared: the budget must still let one order through, never
 * both, however the two Confirms interleave.
 */
const PRICE = 1_250_000;
const ADMIN = 1;
let first: PgDb;
let second: PgDb;
let sandbox: Sandbox;
beforeAll(async () => {
  const url = await freshDatabase('budget_race');
  first = await openPostgres(url);
  second = await openPostgres(url);
  sandbox = await createSandbox({ rateLimit: false });
});
afterAll(async () => {
  await sandbox?.close();
  await Promise.all([first, second].filter(Boolean).map(closePostgres));
});

const posts = () => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/orders');

/** One instance's order service with the budget judged as the app judges it: at Confirm, and again under the wallet's one POST. */
async function instance(db: PgDb, checkAround?: (check: LimitCheck) => LimitCheck) {
  const database = databaseOf(db);
  const periods = createLocalPeriods('UTC');
  const settings = await createSettingsView(createSettingsStore({ database, clock: systemClock }));
  const centres = createCostCentreStore({ database, clock: systemClock });
  const budgets = createBudgets({ store: createBudgetStore({ database, clock: systemClock }), centres, periods, settings, clock: systemClock });
  const rules = createSpendingRuleBook({ settings });
  const counter = createSpendingCounter({ store: createSpendingStore({ database }), periods });
  const check = createLimitCheck({ rules, counter, clock: systemClock, budgets });
  const service = createOrderService({
    orders: createOrderStore({ database, clock: systemClock, owners: postgresOwnerLocks(null) }),
    provider: createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1000 }),
    clock: systemClock,
    logger: silentLogger,
    sandbox: true,
    placeTimeoutMs: 10_000,
    checkLimits: checkAround ? checkAround(check) : check,
    needsApproval: createApprovalJudge({ rules, counter, pending: async () => [], clock: systemClock, budgets }),
  });
  return { service, settings, centres, budgets };
}

/** A new cost centre with room for one card this month, and what over-budget orders meet; its id. */
async function centreWithRoomForOne(name: string, over: BudgetOverMode): Promise<number> {
  const database = databaseOf(first);
  const added = await createCostCentreStore({ database, clock: systemClock }).add({ name, code: null, actorId: ADMIN });
  if (added.kind !== 'added') throw new Error(`${name} was not added`);
  await createBudgetStore({ database, clock: systemClock }).setBudget(added.centre.id, PRICE + PRICE / 2, ADMIN);
  const settings = await createSettingsView(createSettingsStore({ database, clock: systemClock }));
  if (settings.read(BUDGET_OVER) !== over) await settings.write(BUDGET_OVER, over, ADMIN);
  return added.centre.id;
}

const orderFor = (centre: number, key: string, person: number) => googlePlayInput(key, { userId: person, chatId: person, purpose: { costCentreId: centre, note: null } });
const kinds = (results: PlaceResult[]) => results.map((r) => (r.kind === 'rejected' ? `${r.kind}:${r.reason}` : r.kind)).sort();

describe('the last of a budget raced for on two instances', () => {
  it('refuses the second order at its claim when the first was placed between its check and its claim', async () => {
    const centre = await centreWithRoomForOne('Race A', 'refuse');
    const before = posts().length;
    const a = await instance(first);
    let otherRan = false;
    // The first instance's whole order happens right after the second's first judgement passed, before its claim.
    const b = await instance(second, (check) => async (userId, total, exceptOrderId, costCentreId) => {
      const verdict = await check(userId, total, exceptOrderId, costCentreId);
      if (!otherRan) {
        otherRan = true;
        expect(verdict).toEqual({ ok: true });
        expect(await a.service.createIntentAndPlace(orderFor(centre, 'race-a1', 41))).toMatchObject({ kind: 'placed' });
      }
      return verdict;
    });

    const late = await b.service.createIntentAndPlace(orderFor(centre, 'race-a2', 42));

    expect(late).toMatchObject({ kind: 'rejected', reason: 'over-limit', limit: 'budget', order: { state: 'not_placed' } });
    expect(posts().length).toBe(before + 1);
    const [month] = (await a.budgets.month(systemClock.now())).filter((m) => m.centre.id === centre);
    expect(month!.figures.spent + month!.figures.committed).toBe(PRICE);
  });

  it('places one and refuses the other when both Confirms arrive at once, with a slow POST between them', async () => {
    const centre = await centreWithRoomForOne('Race B', 'refuse');
    const before = posts().length;
    const [a, b] = await Promise.all([instance(first), instance(second)]);
    sandbox.controls.setOrderPostFault({ kind: 'answer-after', delayMs: 800 });
    try {
      const results = await Promise.all([a.service.createIntentAndPlace(orderFor(centre, 'race-b1', 43)), b.service.createIntentAndPlace(orderFor(centre, 'race-b2', 44))]);
      expect(kinds(results)).toEqual(['placed', 'rejected:over-limit']);
    } finally {
      sandbox.controls.setOrderPostFault({ kind: 'none' });
    }
    expect(posts().length).toBe(before + 1);
  });

  it('sends the other to an administrator instead where over-budget orders wait for approval: never two placed', async () => {
    const centre = await centreWithRoomForOne('Race C', 'approve');
    const before = posts().length;
    const [a, b] = await Promise.all([instance(first), instance(second)]);
    sandbox.controls.setOrderPostFault({ kind: 'answer-after', delayMs: 800 });
    try {
      const results = await Promise.all([a.service.createIntentAndPlace(orderFor(centre, 'race-c1', 45)), b.service.createIntentAndPlace(orderFor(centre, 'race-c2', 46))]);
      expect(kinds(results)).toEqual(['placed', 'rejected:needs-approval']);
    } finally {
      sandbox.controls.setOrderPostFault({ kind: 'none' });
    }
    expect(posts().length).toBe(before + 1);
  });
});

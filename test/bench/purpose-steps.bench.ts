/**
 * What asking "which cost centre is this order for?" costs a person in a
 * hurry: the real bot (createBot, the runner, the sandbox, SQLite) with 12
 * active cost centres, each with a monthly budget, alternating rounds with
 * the question off and required, beside bare grammY answering the same
 * updates in the same rounds. Counted: the steps from the quantity to the
 * summary, and the provider's requests of each step (the question reads the
 * database and the settings only). Timed: the question's step (the
 * quantity answered) beside bare grammY, and the summary's (the cost centre
 * tapped; the summary reads the product and the balance, and the budget's
 * month) beside bare grammY plus the provider's two reads at once.
 * Targets: at most one more step, no provider request for it, each step's
 * p95 within 1.5× of its baseline.
 *
 *   npm run bench:purpose   (BENCH_ROUNDS=100, BENCH_THINK_MS=50)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { createBudgets } from '../../src/budgets/budget-judge.js';
import { createCatalogSync } from '../../src/catalog/catalog-sync.js';
import { systemClock } from '../../src/clock.js';
import type { CostCentreMode } from '../../src/domain/cost-centre.js';
import { createBudgetStore } from '../../src/db/budget-store.js';
import { createCatalogStore } from '../../src/db/catalog-store.js';
import { createCostCentreStore } from '../../src/db/cost-centre-store.js';
import { closeDb, openDb } from '../../src/db/open.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox } from '../../src/sandbox/server.js';
import type { Settings } from '../../src/settings/settings-view.js';
import { createLocalPeriods } from '../../src/text/local-periods.js';
import { ADMIN } from '../support/fake-people.js';
import type { RecordedCall } from '../support/fake-bot-api/index.js';
import { benchLogger as logger, ms, startBareBot, startRealBot, stats, stepper, stopStepBot, type StepBot } from './step-bots.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 50);
const WARM_UP = 3;
const CENTRES = 12;

type Timed = 'off: quantity → summary' | 'required: quantity → question' | 'required: cost centre → summary';
const TIMED: Timed[] = ['off: quantity → summary', 'required: quantity → question', 'required: cost centre → summary'];
const saying = (pattern: RegExp) => (call: RecordedCall) => typeof call.payload['text'] === 'string' && pattern.test(call.payload['text']);
const summary = saying(/Please check your order/);
const question = saying(/Which cost centre is this order for\?/);

const dir = mkdtempSync(join(tmpdir(), 'giftdesk-bench-purpose-'));
const sandbox = await createSandbox({ catalogSize: 200, rateLimit: false, initialBalance: 1e15 });
const bots: StepBot[] = [];
const db = openDb(join(dir, 'bot.sqlite'));
try {
  const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 10_000, logger });
  const database = databaseOf(db);
  await createCatalogSync({ provider, store: createCatalogStore({ database, clock: systemClock }), clock: systemClock, logger }).syncNow();
  const centres = createCostCentreStore({ database, clock: systemClock });
  const budgetStore = createBudgetStore({ database, clock: systemClock });
  for (let i = 1; i <= CENTRES; i += 1) {
    const added = await centres.add({ name: `Cost centre ${i}`, code: `CC-${i}`, actorId: ADMIN.id });
    await budgetStore.setBudget(added.centre.id, 1e14, ADMIN.id);
  }
  let mode: CostCentreMode = 'off';
  const periods = createLocalPeriods('UTC');
  // Over-budget orders wait for approval (the default); the summary judges the budget on the month's figures all the same.
  const settings = { read: () => 'approve' } as unknown as Settings;
  const budgets = createBudgets({ store: budgetStore, centres, periods, settings, clock: systemClock });
  const real = await startRealBot(db, provider, {
    costCentres: {
      mode: () => mode,
      active: () => centres.active(),
      lastUsedBy: (id) => centres.lastUsedBy(id),
      centre: async (id) => {
        const centre = await centres.get(id);
        return centre && { id: centre.id, name: centre.name, code: centre.code, retired: centre.retiredAt !== null };
      },
    },
    budgets,
  });
  bots.push(real);
  const bare = await startBareBot();
  bots.push(bare);

  const samples = new Map<Timed, number[]>(TIMED.map((s) => [s, []]));
  const bareSamples = new Map<Timed, number[]>(TIMED.map((s) => [s, []]));
  const requests = new Map<Timed, number[]>(TIMED.map((s) => [s, []]));
  const stepsToSummary = { off: [] as number[], required: [] as number[] };
  const providerCount = () => sandbox.requests.length;

  async function realRound(round: number, keep: boolean, asked: CostCentreMode) {
    mode = asked;
    const chat = stepper(real.telegram, THINK_MS);
    await chat.say('/order');
    await chat.say('Sample Gift Card');
    await chat.tap((labels) => labels[round % 8]!);
    const record = (step: Timed, value: number, before: number) => {
      if (!keep) return;
      samples.get(step)!.push(value);
      requests.get(step)!.push(providerCount() - before);
    };
    let before = providerCount();
    if (asked === 'off') {
      record('off: quantity → summary', await chat.say('1', summary), before);
      if (keep) stepsToSummary.off.push(1);
    } else {
      record('required: quantity → question', await chat.say('1', question), before);
      before = providerCount();
      record('required: cost centre → summary', await chat.tap((labels) => labels[round % CENTRES]!, summary), before);
      if (keep) stepsToSummary.required.push(2);
    }
    await chat.say('/cancel');
    await delay(30);
  }

  async function bareRound(round: number, keep: boolean) {
    const chat = stepper(bare.telegram, THINK_MS);
    await chat.say('/order');
    await chat.tap((labels) => labels[round % 8]!);
    // The bare bot answers a text and a tap alike: each of the three timed steps is one of them.
    const typed = await chat.say('1');
    const tapped = await chat.tap((labels) => labels[0]!);
    if (!keep) return;
    bareSamples.get('off: quantity → summary')!.push(typed);
    bareSamples.get('required: quantity → question')!.push(typed);
    bareSamples.get('required: cost centre → summary')!.push(tapped);
  }

  // The provider's own time for the summary's two reads at once (the product and the balance).
  const product = (await provider.listProducts({ page: 1, pageSize: 50 })).items.find((p) => p.title.startsWith('Sample Gift Card'))!;
  const pairs: number[] = [];
  for (let i = 0; i < 40; i += 1) {
    const t = performance.now();
    await Promise.all([provider.getProduct(product.id), provider.getBalance()]);
    pairs.push(performance.now() - t);
  }
  const pair = stats(pairs).p95;

  // Alternating rounds, so that both modes and the bare bot meet the same machine load.
  for (let i = 0; i < WARM_UP + ROUNDS; i += 1) {
    const keep = i >= WARM_UP;
    await realRound(i, keep, 'off');
    await realRound(i, keep, 'required');
    await bareRound(i, keep);
  }

  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  console.log(`## The cost-centre question, ${ROUNDS} rounds, ${THINK_MS} ms between steps, ${CENTRES} cost centres with budgets, SQLite, node ${process.version}`);
  console.log(`steps from the quantity to the summary: ${Math.max(...stepsToSummary.off)} with the question off, ${Math.max(...stepsToSummary.required)} with it required (one more)`);
  console.log(`provider round trip of the summary's two reads at once, p95: ${ms(pair)}`);
  console.log('| step | giftdesk p50 / p95 | bare grammY p50 / p95 | baseline p95 | p95 ratio | provider requests per step |');
  console.log('|---|---|---|---|---|---|');
  for (const step of TIMED) {
    const g = stats(samples.get(step)!);
    const b = stats(bareSamples.get(step)!);
    const readsProvider = !step.endsWith('question');
    const base = b.p95 + (readsProvider ? pair : 0);
    const ratio = g.p95 / base;
    const perStep = sum(requests.get(step)!) / requests.get(step)!.length;
    console.log(
      `| ${step} | ${ms(g.p50)} / ${ms(g.p95)} | ${ms(b.p50)} / ${ms(b.p95)} | ${ms(base)}${readsProvider ? ' (bare + provider)' : ' (bare)'} | ${ratio.toFixed(2)}× ${ratio <= 1.5 ? 'met' : 'MISSED'} | ${perStep.toFixed(2)} |`,
    );
  }
} finally {
  for (const bot of bots) await stopStepBot(bot);
  closeDb(db);
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The order steps that wait on the provider, under giftdesk's own request
 * budget: as production shapes it at 8 requests/s (a burst of two kept for
 * people) and at 7/s (three), and as it was shaped before (8/s, a burst of
 * one, every request 125 ms after the last), beside bare grammY plus the
 * provider's own round trips, all in the same run. Confirm reads the
 * product and the balance again before it posts (the quote's allowed age is
 * 0 here), as every Confirm is meant to. The sandbox enforces its default
 * limit (10/s), so a budget that overran it would show as 429s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createCatalogStore } from '../../src/db/catalog-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { createCatalogSync } from '../../src/catalog/catalog-sync.js';
import { systemClock } from '../../src/clock.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createProviderClient, type ProviderClient } from '../../src/provider/client.js';
import { budgetShape, createRateLimiter, type RateLimiterOptions } from '../../src/provider/rate-limit.js';
import { CONTRACT_LIMITS } from '../../src/provider/schemas.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/server.js';
import type { RecordedCall } from '../support/fake-bot-api/index.js';
import { benchLogger as logger, ms, startBareBot, startRealBot, stats, stepper, stopStepBot, type StepBot } from './step-bots.js';

export type Step = 'pick product (1 read)' | 'summary (2 reads at once)' | 'confirm (2 reads again, then the POST)';
export const STEPS: Step[] = ['pick product (1 read)', 'summary (2 reads at once)', 'confirm (2 reads again, then the POST)'];
const WARM_UP = 3;

const placed = (call: RecordedCall) => typeof call.payload['text'] === 'string' && / is placed /.test(call.payload['text']);

/** One order from the search to the placed order; the bare bot answers each step with its usual menu. */
export async function roundOf(bot: StepBot, real: boolean, round: number, thinkMs: number, samples: Map<Step, number[]> | null): Promise<void> {
  const chat = stepper(bot.telegram, thinkMs);
  const record = (step: Step, value: number) => samples?.get(step)?.push(value);
  await chat.say('/order');
  await chat.say('Sample Gift Card');
  record('pick product (1 read)', await chat.tap((labels) => labels[round % 8]!));
  record('summary (2 reads at once)', await chat.say('1'));
  const confirm = real ? chat.tap((labels) => labels.find((l) => l.startsWith('Confirm'))!, placed) : chat.tap((labels) => labels[0]!);
  record('confirm (2 reads again, then the POST)', await confirm);
  if (!real) await chat.say('/cancel');
  await delay(30);
}

async function realBot(sandbox: Sandbox, dir: string, name: string, budget: RateLimiterOptions): Promise<{ bot: StepBot; db: Db }> {
  const db = openDb(join(dir, `${name}.sqlite`));
  const limiter = createRateLimiter(budget);
  const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, limiter, logger });
  await createCatalogSync({ provider, store: createCatalogStore({ database: databaseOf(db), clock: systemClock }), clock: systemClock, logger }).syncNow();
  // The catalog sync took the bucket down; the rounds start on a quiet one, as a person's first tap does.
  await delay(1_000);
  return { bot: await startRealBot(db, provider, { orderQuoteMaxAgeMs: 0 }), db };
}

/** p95 of what the provider itself takes, paced under its limit: one product read, the two summary reads at once, a POST. */
async function providerRoundTrips(provider: ProviderClient, productId: number, regionPropertyId: number) {
  const singles: number[] = [];
  const pairs: number[] = [];
  const posts: number[] = [];
  for (let i = 0; i < 40; i += 1) {
    let t = performance.now();
    await provider.getProduct(productId);
    singles.push(performance.now() - t);
    await delay(150);
    t = performance.now();
    await Promise.all([provider.getProduct(productId), provider.getBalance()]);
    pairs.push(performance.now() - t);
    await delay(250);
  }
  for (let i = 0; i < 20; i += 1) {
    const t = performance.now();
    await provider.placeOrder({ products: [{ productId, regionPropertyId, quantity: 1 }] });
    posts.push(performance.now() - t);
    await delay(250);
  }
  return { single: stats(singles).p95, pair: stats(pairs).p95, post: stats(posts).p95 };
}

const budgets = (rate: number, shaped: boolean): RateLimiterOptions => ({
  requestsPerSecond: rate,
  ...(shaped ? budgetShape(rate, CONTRACT_LIMITS.requestsPerSecond) : {}),
  clock: systemClock,
});

export async function summaryAndConfirm(rounds: number, thinkMs: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'giftdesk-bench-summary-'));
  const sandbox = await createSandbox({ catalogSize: 200, initialBalance: 1e15 });
  const bots: StepBot[] = [];
  const dbs: Db[] = [];
  try {
    const lifted = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1_000, logger });
    const sample = (await lifted.listProducts({ page: 1, pageSize: 50 })).items.find((p) => p.title.startsWith('Sample Gift Card'))!;
    const detail = await lifted.getProduct(sample.id);
    const trips = await providerRoundTrips(lifted, detail.id, detail.regionProperties[0]!.regionPropertyId);
    const floorOf = (step: Step) => (step.startsWith('summary') ? trips.pair : step.startsWith('confirm') ? trips.pair + trips.post : trips.single);

    const variants = [
      { label: 'before: 8/s, burst of one', budget: budgets(8, false) },
      { label: 'now: 8/s, burst of two', budget: budgets(8, true) },
      { label: 'now: 7/s, burst of three', budget: budgets(7, true) },
    ];
    const real: { label: string; bot: StepBot; samples: Map<Step, number[]> }[] = [];
    for (const [i, variant] of variants.entries()) {
      const { bot, db } = await realBot(sandbox, dir, `bot-${i}`, variant.budget);
      bots.push(bot);
      dbs.push(db);
      real.push({ label: variant.label, bot, samples: new Map(STEPS.map((s) => [s, [] as number[]])) });
    }
    const bare = await startBareBot();
    bots.push(bare);
    const bareSamples = new Map(STEPS.map((s) => [s, [] as number[]]));
    const refusedBefore = sandbox.requests.filter((r) => r.status === 429).length;
    // Alternating rounds, so that every bot meets the same machine load.
    for (let i = 0; i < WARM_UP + rounds; i += 1) {
      const keep = i >= WARM_UP;
      for (const r of real) await roundOf(r.bot, true, i, thinkMs, keep ? r.samples : null);
      await roundOf(bare, false, i, thinkMs, keep ? bareSamples : null);
    }
    const refused = sandbox.requests.filter((r) => r.status === 429).length - refusedBefore;

    console.log(`\n## Steps that wait on the provider, ${rounds} rounds, ${thinkMs} ms between an answer and the next step, Confirm reading again`);
    console.log(`provider round trips (p95, paced under its limit): a product read ${ms(trips.single)}, two reads at once ${ms(trips.pair)}, a POST ${ms(trips.post)}`);
    console.log('| step | budget | giftdesk p50 / p95 / max | bare grammY p50 / p95 | p95 ÷ (bare p95 + provider p95) |');
    console.log('|---|---|---|---|---|');
    for (const step of STEPS) {
      const g = stats(bareSamples.get(step)!);
      const floor = g.p95 + floorOf(step);
      for (const r of real) {
        const s = stats(r.samples.get(step)!);
        console.log(`| ${step} | ${r.label} | ${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.max)} | ${ms(g.p50)} / ${ms(g.p95)} | ${(s.p95 / floor).toFixed(2)}× (of ${ms(floor)}) |`);
      }
    }
    console.log(`429 answers from the sandbox (10 requests/s, burst 10) during the rounds: ${refused}`);
  } finally {
    for (const bot of bots) await stopStepBot(bot);
    for (const db of dbs) closeDb(db);
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The order steps that wait on the provider, under giftdesk's own request
 * budget as production shapes it (8 requests/s, a burst of two kept for
 * people) and as it was shaped before (a burst of one, every request spaced
 * 125 ms), beside bare grammY plus the provider's own round trips, all in
 * the same run. The sandbox enforces its default limit (10/s), so a budget
 * that overran it would show as 429s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
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

type Step = 'pick product (1 read)' | 'summary (2 reads at once)' | 'confirm (POST)';
const STEPS: Step[] = ['pick product (1 read)', 'summary (2 reads at once)', 'confirm (POST)'];
const RATE = 8;
const WARM_UP = 3;

const placed = (call: RecordedCall) => typeof call.payload['text'] === 'string' && / is placed /.test(call.payload['text']);

/** One order from the search to the placed order; the bare bot answers each step with its usual menu. */
async function roundOf(bot: StepBot, real: boolean, round: number, thinkMs: number, samples: Map<Step, number[]> | null): Promise<void> {
  const chat = stepper(bot.telegram, thinkMs);
  const record = (step: Step, value: number) => samples?.get(step)?.push(value);
  await chat.say('/order');
  await chat.say('Sample Gift Card');
  record('pick product (1 read)', await chat.tap((labels) => labels[round % 8]!));
  record('summary (2 reads at once)', await chat.say('1'));
  record('confirm (POST)', real ? await chat.tap((labels) => labels.find((l) => l.startsWith('Confirm'))!, placed) : await chat.tap((labels) => labels[0]!));
  if (!real) await chat.say('/cancel');
  await delay(30);
}

async function realBot(sandbox: Sandbox, dir: string, name: string, budget: RateLimiterOptions): Promise<{ bot: StepBot; db: Db }> {
  const db = openDb(join(dir, `${name}.sqlite`));
  const limiter = createRateLimiter(budget);
  const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, limiter, logger });
  await createCatalogSync({ provider, db, clock: systemClock, logger }).syncNow();
  // The catalog sync took the bucket down; the rounds start on a quiet one, as a person's first tap does.
  await delay(1_000);
  return { bot: await startRealBot(db, provider), db };
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

    const now = await realBot(sandbox, dir, 'now', { requestsPerSecond: RATE, ...budgetShape(RATE, CONTRACT_LIMITS.requestsPerSecond), clock: systemClock });
    const before = await realBot(sandbox, dir, 'before', { requestsPerSecond: RATE, clock: systemClock });
    const bare = await startBareBot();
    bots.push(now.bot, before.bot, bare);
    dbs.push(now.db, before.db);
    const samples = { now: new Map(STEPS.map((s) => [s, [] as number[]])), before: new Map(STEPS.map((s) => [s, [] as number[]])), bare: new Map(STEPS.map((s) => [s, [] as number[]])) };
    const refusedBefore = sandbox.requests.filter((r) => r.status === 429).length;
    // Alternating rounds, so that all three meet the same machine load.
    for (let i = 0; i < WARM_UP + rounds; i += 1) {
      const keep = i >= WARM_UP;
      await roundOf(now.bot, true, i, thinkMs, keep ? samples.now : null);
      await roundOf(before.bot, true, i, thinkMs, keep ? samples.before : null);
      await roundOf(bare, false, i, thinkMs, keep ? samples.bare : null);
    }
    const refused = sandbox.requests.filter((r) => r.status === 429).length - refusedBefore;

    console.log(`\n## Steps that wait on the provider, ${rounds} rounds, ${thinkMs} ms between an answer and the next step, budget ${RATE} requests/s`);
    console.log(`provider round trips (p95, paced under its limit): a product read ${ms(trips.single)}, the summary's two reads at once ${ms(trips.pair)}, a POST ${ms(trips.post)}`);
    console.log('| step | giftdesk now p50 / p95 / max | giftdesk, burst of one (before) p50 / p95 | bare grammY p50 / p95 | now p95 ÷ (bare p95 + provider p95) | before ÷ the same |');
    console.log('|---|---|---|---|---|---|');
    for (const step of STEPS) {
      const n = stats(samples.now.get(step)!);
      const b = stats(samples.before.get(step)!);
      const g = stats(samples.bare.get(step)!);
      const floor = g.p95 + (step.startsWith('summary') ? trips.pair : step.startsWith('confirm') ? trips.post : trips.single);
      console.log(`| ${step} | ${ms(n.p50)} / ${ms(n.p95)} / ${ms(n.max)} | ${ms(b.p50)} / ${ms(b.p95)} | ${ms(g.p50)} / ${ms(g.p95)} | ${(n.p95 / floor).toFixed(2)}× | ${(b.p95 / floor).toFixed(2)}× |`);
    }
    console.log(`429 answers from the sandbox (10 requests/s, burst 10) during the rounds: ${refused}`);
  } finally {
    for (const bot of bots) await stopStepBot(bot);
    for (const db of dbs) closeDb(db);
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Part 5 of the step benchmark: the cart steps of an order of several
 * products (add another product, open a line to change it, change its
 * quantity, remove it, the summary of 10 lines), answered by the real bot
 * with a cart of 10 lines (PROVIDER_MAX_PRODUCTS_PER_ORDER 10), beside bare
 * grammY answering the same updates, in the same run. The summary of 10
 * lines reads 10 product details and the balance at once; its ratio is
 * taken against bare grammY plus that provider round trip.
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
import { closeDb, openDb } from '../../src/db/open.js';
import { createProviderClient } from '../../src/provider/client.js';
import { GENERATED_PRODUCT_BASE_ID } from '../../src/sandbox/seed.js';
import { createSandbox } from '../../src/sandbox/server.js';
import type { RecordedCall } from '../support/fake-bot-api/index.js';
import { benchLogger as logger, ms, startBareBot, startRealBot, stats, stepper, stopStepBot, type StepBot } from './step-bots.js';

type Step = 'add another product' | 'summary of 10 lines (11 reads)' | 'open line (change)' | 'change quantity (summary, 11 reads)' | 'remove line (summary, 10 reads)';
const STEPS: Step[] = ['add another product', 'summary of 10 lines (11 reads)', 'open line (change)', 'change quantity (summary, 11 reads)', 'remove line (summary, 10 reads)'];
const LINES = 10;
const WARM_UP = 2;

const saying = (pattern: RegExp) => (call: RecordedCall) => typeof call.payload['text'] === 'string' && pattern.test(call.payload['text']);
const summary = saying(/Please check your order/);

/** Generated products with odd index: "Sample Gift Card N USD #k", one region, no questions. */
const titleOf = (k: number) => `Sample Gift Card ${5 + ((k - 1) % 20) * 5} USD #${k}`;
const productTitles = Array.from({ length: LINES }, (_, i) => titleOf(2 * (i + 1)));

async function addLine(chat: ReturnType<typeof stepper>, title: string): Promise<void> {
  await chat.say(title, saying(/Products matching/));
  await chat.tap((labels) => labels.find((label) => label === title)!, saying(/How many/));
}

/** One round: a cart of 9 lines built untimed, then the timed cart steps; the bare bot answers the same updates. */
async function roundOf(bot: StepBot, real: boolean, samples: Map<Step, number[]> | null): Promise<void> {
  const chat = stepper(bot.telegram, 50);
  const record = (step: Step, value: number) => samples?.get(step)?.push(value);
  const first = (labels: string[]) => labels[0]!;
  if (real) {
    await chat.say('/order', saying(/Choose a category/));
    for (const [index, title] of productTitles.slice(0, LINES - 1).entries()) {
      await addLine(chat, title);
      await chat.say('1', summary);
      if (index < LINES - 2) await chat.tap((labels) => labels.find((l) => l.includes('Add another product'))!, saying(/Choose a category/));
    }
    record('add another product', await chat.tap((labels) => labels.find((l) => l.includes('Add another product'))!, saying(/Choose a category/)));
    await addLine(chat, productTitles[LINES - 1]!);
    record('summary of 10 lines (11 reads)', await chat.say('1', summary));
    record('open line (change)', await chat.tap((labels) => labels.find((l) => l.startsWith('✏️ 3. '))!, saying(/What would you like to change/)));
    await chat.tap((labels) => labels.find((l) => l === 'Quantity')!, saying(/How many/));
    record('change quantity (summary, 11 reads)', await chat.tap((labels) => labels.find((l) => l === '2')!, summary));
    await chat.tap((labels) => labels.find((l) => l.startsWith('✏️ 10. '))!, saying(/What would you like to change/));
    record('remove line (summary, 10 reads)', await chat.tap((labels) => labels.find((l) => l.startsWith('Remove'))!, summary));
    await chat.say('/cancel');
  } else {
    await chat.say('/order');
    record('add another product', await chat.tap(first));
    record('summary of 10 lines (11 reads)', await chat.say('1'));
    record('open line (change)', await chat.tap(first));
    record('change quantity (summary, 11 reads)', await chat.tap(first));
    record('remove line (summary, 10 reads)', await chat.tap(first));
    await chat.say('/cancel');
  }
  await delay(30);
}

export async function cartSteps(size: number, rounds: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'giftdesk-bench-cart-'));
  const sandbox = await createSandbox({ catalogSize: size, rateLimit: false });
  try {
    // The production budget would measure the limiter, not the code: lifted here, as in part 3.
    const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 10_000, logger });
    const db = openDb(join(dir, 'cart.sqlite'));
    await createCatalogSync({ provider, store: createCatalogStore({ database: databaseOf(db), clock: systemClock }), clock: systemClock, logger }).syncNow();
    const ids = productTitles.map((_, i) => GENERATED_PRODUCT_BASE_ID + 2 * (i + 1));
    const trips: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const t = performance.now();
      await Promise.all([provider.getBalance(), ...ids.map((id) => provider.getProduct(id))]);
      trips.push(performance.now() - t);
    }
    const providerP95 = stats(trips).p95;
    const real = await startRealBot(db, provider, { maxProductsPerOrder: LINES });
    const bare = await startBareBot();
    const realSamples = new Map(STEPS.map((s) => [s, [] as number[]]));
    const bareSamples = new Map(STEPS.map((s) => [s, [] as number[]]));
    for (let i = 0; i < WARM_UP; i += 1) {
      await roundOf(real, true, null);
      await roundOf(bare, false, null);
    }
    for (let i = 0; i < rounds; i += 1) {
      await roundOf(real, true, realSamples);
      await roundOf(bare, false, bareSamples);
    }
    console.log(`\n## Cart steps, ${size} products, a cart of ${LINES} lines, ${rounds} rounds (provider p95 for 10 details and the balance at once: ${ms(providerP95)})`);
    console.log('| step | giftdesk p50 / p95 / max | bare grammY p50 / p95 | p95 ratio |');
    console.log('|---|---|---|---|');
    for (const step of STEPS) {
      const r = stats(realSamples.get(step)!);
      const b = stats(bareSamples.get(step)!);
      const reads = step.includes('reads');
      const ratio = reads ? `${(r.p95 / (b.p95 + providerP95)).toFixed(2)}× (bare + provider)` : `${(r.p95 / b.p95).toFixed(2)}×`;
      console.log(`| ${step} | ${ms(r.p50)} / ${ms(r.p95)} / ${ms(r.max)} | ${ms(b.p50)} / ${ms(b.p95)} | ${ratio} |`);
    }
    await stopStepBot(real);
    await stopStepBot(bare);
    closeDb(db);
  } finally {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Batch benchmark: the whole bot (createApp, in this process, as the
 * end-to-end tests run it) against the sandbox at its default rate limit
 * (10 requests/s) and default order timing, with giftdesk's default request
 * budget (PROVIDER_REQUESTS_PER_SECOND 8), and the fake Bot API.
 *
 * A staff member sends `/batch <product> 1000` with
 * PROVIDER_MAX_QUANTITY_PER_ITEM=10 (100 orders of 10) and presses Confirm
 * batch. Printed:
 *
 * 1. Confirm to the last order placed at the provider, beside the floor:
 *    the provider requests the batch needs (a product read and a POST per
 *    order) ÷ the budget, plus the sandbox's own answer time measured in
 *    the same run; the provider requests the window saw, by kind.
 * 2. The progress message's edits: how many, and the smallest gap.
 * 3. The last order's completion at the provider to the file of codes.
 * 4. RSS and heap used above idle while the batch runs.
 * 5. A second batch of the same size while another staff member walks the
 *    /order steps, beside bare grammY answering the same steps in the same
 *    rounds (alternating), p50 / p95.
 *
 *   npm run bench:batch   (BENCH_BATCH_QUANTITY=1000, BENCH_THINK_MS=50 between an answer and the next step)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox, type RecordedRequest, type Sandbox } from '../../src/sandbox/server.js';
import { DEFAULT_TIMING } from '../../src/sandbox/progression.js';
import { GENERATED_PRODUCT_BASE_ID } from '../../src/sandbox/seed.js';
import { startBotInProcess } from '../support/in-process-bot.js';
import type { BotProcess } from '../support/bot-process.js';
import { ADMIN, STAFF } from '../support/fake-people.js';
import { createFakeBotApi, type FakeBotApi, type RecordedCall, type SentMessage } from '../support/fake-bot-api/index.js';
import { benchLogger as logger, ms, ORDER_STEPS, orderStepsRound, preciseClock, startBareBot, stats, stopStepBot, type OrderStep, type StepBot } from './step-bots.js';

const QUANTITY = Number(process.env.BENCH_BATCH_QUANTITY ?? 1_000);
/** Rounds of the /order steps with no batch running, for the same steps' figures without one. */
const QUIET_ROUNDS = Number(process.env.BENCH_QUIET_ROUNDS ?? 40);
const PER_ORDER = 10;
const ORDERS = Math.ceil(QUANTITY / PER_ORDER);
const BUDGET = 8;
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 50);
const CATALOG_SIZE = 120;
/** A generated product: one region, 625,000 IRR a unit; its stock is raised for the batches. */
const PRODUCT = GENERATED_PRODUCT_BASE_ID + 1;
const SEARCHES = ['gift 25', 'نمونه ۵۰', 'sample card 7', 'گیفت کارت'];
const BATCH_WAIT_MS = 120_000;

const s = (value: number) => `${(value / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const verdict = (met: boolean) => (met ? 'met' : '**missed**');

interface Bench {
  telegram: FakeBotApi;
  sandbox: Sandbox;
  bot: BotProcess;
  close(): Promise<void>;
}

/** The sandbox, the fake Bot API and the bot built by createApp in this process, STAFF added by the administrator. */
async function startBench(sandbox: Sandbox): Promise<Bench> {
  const telegram = await createFakeBotApi({ clock: preciseClock });
  const dir = mkdtempSync(join(tmpdir(), 'giftdesk-bench-batch-'));
  const bot = startBotInProcess({
    BOT_TOKEN: telegram.token,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    PROVIDER_BASE_URL: sandbox.baseUrl,
    PROVIDER_API_KEY: sandbox.apiKey,
    DATABASE_PATH: join(dir, 'giftdesk.sqlite'),
    ADMIN_IDS: String(ADMIN.id),
    AMOUNT_UNIT: 'IRR',
    PROVIDER_MAX_QUANTITY_PER_ITEM: String(PER_ORDER),
    // Info, as production runs: the in-process bot keeps its log lines in memory, and debug lines would weigh on the memory measured.
    LOG_LEVEL: 'info',
  });
  await bot.waitForLog('giftdesk is running');
  await bot.waitForLog((line) => line['component'] === 'catalog' && line.msg === 'catalog synced', 60_000);
  // The price refresh after the first sync reads products at background priority: the batches start once it has ended.
  await bot.waitForLog('product prices refreshed', 120_000);
  telegram.sendText(ADMIN, `/staff add ${STAFF.id}`);
  await telegram.waitForMessage(ADMIN.id, new RegExp(`${STAFF.id} can now use giftdesk`));
  return {
    telegram,
    sandbox,
    bot,
    async close() {
      await bot.stop();
      await telegram.close();
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The sandbox's own answer time: product reads and POSTs sent directly, paced under its limit, before the bot starts. */
async function sandboxAnswerTimes(sandbox: Sandbox, regionPropertyId: number) {
  const direct = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1_000, logger });
  const reads: number[] = [];
  const posts: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    let t = performance.now();
    await direct.getProduct(PRODUCT);
    reads.push(performance.now() - t);
    await delay(150);
    t = performance.now();
    await direct.placeOrder({ products: [{ productId: PRODUCT, regionPropertyId, quantity: PER_ORDER }] });
    posts.push(performance.now() - t);
    await delay(150);
  }
  return { read: median(reads), post: median(posts) };
}

/** RSS and heap used, sampled every 100 ms until stopped: the highest seen. */
function memoryProbe() {
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  sample();
  const timer = setInterval(sample, 100);
  return () => {
    clearInterval(timer);
    sample();
    return { rss, heap };
  };
}

/** Idle memory: after a collection when the run allows it, the median of a few samples over 2 s. */
async function idleMemory() {
  (globalThis as { gc?: () => void }).gc?.();
  const rss: number[] = [];
  const heap: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const m = process.memoryUsage();
    rss.push(m.rss);
    heap.push(m.heapUsed);
    await delay(100);
  }
  return { rss: median(rss), heap: median(heap) };
}

interface BatchRun {
  confirmAt: number;
  progressId: number;
  fileAt: number;
  orderIds: Set<number>;
}

/** `/batch <product> <quantity>` from STAFF, Confirm, then the file of codes; `during` runs meanwhile until the file is sent. */
async function runBatch(bench: Bench, during?: (done: () => boolean) => Promise<void>): Promise<BatchRun> {
  const { telegram, sandbox } = bench;
  const since = telegram.messages(STAFF.id).at(-1)?.message_id ?? 0;
  telegram.sendText(STAFF, `/batch ${PRODUCT} ${QUANTITY}`);
  const summary = await telegram.waitForMessage(STAFF.id, (m) => m.message_id > since && /Batch #\d+/.test(m.text), { timeoutMs: 30_000 });
  if (!summary.text.includes(`${ORDERS} orders`)) throw new Error(`unexpected summary: ${summary.text}`);
  const ordersBefore = new Set(sandbox.controls.orders().map((o) => o.orderId));
  let fileSent = false;
  const confirmAt = preciseClock.now();
  telegram.clickButton(STAFF, summary, /Confirm batch/);
  const background = during?.(() => fileSent);
  const file = await telegram.waitFor(
    () => telegram.messages(STAFF.id).find((m: SentMessage) => m.message_id > since && m.document?.fileName.includes('-codes.csv')),
    { timeoutMs: BATCH_WAIT_MS },
  );
  fileSent = true;
  await background;
  const fileCall = telegram.callsTo('sendDocument').filter((c) => c.at >= confirmAt).at(-1);
  const progress = telegram.messages(STAFF.id).find((m) => m.message_id > summary.message_id && /Batch #\d+: /.test(m.text));
  if (!fileCall || !progress) throw new Error(`no file (${file.message_id}) or no progress message`);
  const orderIds = new Set(sandbox.controls.orders().map((o) => o.orderId).filter((id) => !ordersBefore.has(id)));
  return { confirmAt, progressId: progress.message_id, fileAt: fileCall.at, orderIds };
}

type Step = OrderStep;
const STEPS = ORDER_STEPS;

const roundOf = (telegram: FakeBotApi, round: number, samples: Map<Step, number[]> | null): Promise<void> =>
  orderStepsRound(telegram, round, samples, { thinkMs: THINK_MS, categories: 6, searches: SEARCHES });

const kindOf = (r: RecordedRequest): string => {
  if (r.method === 'POST' && r.path === '/orders') return 'POST /orders';
  if (r.method === 'GET' && /^\/products\/\d+$/.test(r.path)) return 'product read';
  if (r.method === 'GET' && r.path === '/orders') return 'order history page';
  if (r.method === 'GET' && /^\/orders\//.test(r.path)) return 'order detail';
  return `${r.method} ${r.path}`;
};

function countByKind(requests: RecordedRequest[]): string {
  const counts = new Map<string, number>();
  for (const r of requests) counts.set(kindOf(r), (counts.get(kindOf(r)) ?? 0) + 1);
  return [...counts].map(([kind, n]) => `${kind} ${n}`).join(', ');
}

/** Most requests the sandbox saw in any one-second window starting at a request. */
function densestSecond(requests: RecordedRequest[]): number {
  let most = 0;
  for (let i = 0, j = 0; i < requests.length; i += 1) {
    while (requests[j]!.at <= requests[i]!.at - 1_000) j += 1;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

const sandbox = await createSandbox({ catalogSize: CATALOG_SIZE, timing: DEFAULT_TIMING, initialBalance: 1e15 });
const region = (await createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1_000, logger }).getProduct(PRODUCT)).regionProperties[0]!;
sandbox.controls.setRegionOffer(region.regionPropertyId, { stock: 1_000_000 });
const answer = await sandboxAnswerTimes(sandbox, region.regionPropertyId);
// The sandbox's bucket refills before the bot's first request.
await delay(1_500);
const bench = await startBench(sandbox);
let bare: StepBot | null = null;
try {
  const { telegram } = bench;
  bare = await startBareBot();
  // Warm both bots' steps, and let the direct requests' second pass.
  for (let i = 0; i < 5; i += 1) {
    await roundOf(telegram, i, null);
    await roundOf(bare.telegram, i, null);
  }
  await delay(2_000);
  const idle = await idleMemory();

  // Part 1 to 4: a batch with nothing else going on.
  const requestsFrom = sandbox.requests.length;
  const probe = memoryProbe();
  const first = await runBatch(bench);
  const peak = probe();
  const orders = sandbox.controls.orders().filter((o) => first.orderIds.has(o.orderId));
  const lastPlacedAt = Math.max(...orders.map((o) => o.createdAtMs));
  const lastFinalAt = Math.max(...orders.map((o) => o.finalAtMs));
  const window = sandbox.requests.slice(requestsFrom).filter((r) => r.at >= first.confirmAt && r.at <= lastPlacedAt);
  const untilFile = sandbox.requests.slice(requestsFrom).filter((r) => r.at >= first.confirmAt && r.at <= first.fileAt);
  const needed = 2 * ORDERS;
  const placing = lastPlacedAt - first.confirmAt;
  const floor = (needed / BUDGET) * 1000 + answer.post;
  // The batch also needs each order's delivery read (its codes, for the file), on the same budget while it places.
  const withCodes = 3 * ORDERS;
  const codesFloor = (withCodes / BUDGET) * 1000 + answer.post;
  const edits = telegram
    .callsTo('editMessageText')
    .filter((c: RecordedCall) => c.at >= first.confirmAt && Number(c.payload['chat_id']) === STAFF.id && Number(c.payload['message_id']) === first.progressId)
    .map((c) => ({ at: c.at, state: /^Batch #\d+: (.*)$/m.exec(String(c.payload['text']))?.[1] ?? '' }));
  // An edit that shows a new state (all ordered, done) goes out at once, by design; the others are the bar's pace.
  const paced = edits.filter((e, i) => i === 0 || e.state === edits[i - 1]!.state);
  const smallestGap = (list: { at: number }[]) => Math.min(...list.slice(1).map((e, i) => e.at - list[i]!.at));
  const fileLag = first.fileAt - lastFinalAt;

  console.log(`\n## Batch of ${ORDERS} orders (\`/batch ${PRODUCT} ${QUANTITY}\`, ${PER_ORDER} a order), sandbox at 10 requests/s, budget ${BUDGET}/s, order timing ${DEFAULT_TIMING.preparingMs} + ${DEFAULT_TIMING.processingMs} ms`);
  console.log(`sandbox's own answer time (direct, median of 20): product read ${ms(answer.read)}, POST of ${PER_ORDER} ${ms(answer.post)}`);
  console.log('| what | measured | baseline | target |');
  console.log('|---|---|---|---|');
  console.log(
    `| Confirm → last order placed | ${s(placing)} (${(placing / floor).toFixed(2)}× floor) | floor ${s(floor)} = ${needed} requests ÷ ${BUDGET}/s + one POST answer | ≤ 1.2× floor: ${verdict(placing <= 1.2 * floor)} |`,
  );
  console.log(
    `| Confirm → last order placed, counting each order's codes read | ${s(placing)} (${(placing / codesFloor).toFixed(2)}× floor) | floor ${s(codesFloor)} = ${withCodes} requests (a product read, a POST and the delivery's read an order) ÷ ${BUDGET}/s + one POST answer | ≤ 1.2× floor: ${verdict(placing <= 1.2 * codesFloor)} |`,
  );
  console.log(
    `| provider requests, Confirm → last order placed | ${window.length}, ${(window.length / ORDERS).toFixed(2)} an order (${countByKind(window)}); densest second ${densestSecond(window)} | ${needed} needed; the budget at ${BUDGET}/s for the ${window.length} made: ${s((window.length / BUDGET) * 1000)} (placing took ${(placing / ((window.length / BUDGET) * 1000)).toFixed(2)}× that) | |`,
  );
  console.log(`| provider requests, Confirm → file sent | ${untilFile.length} (${countByKind(untilFile)}); 429s ${untilFile.filter((r) => r.status === 429).length} | | |`);
  const states = edits.filter((e, i) => i > 0 && e.state !== edits[i - 1]!.state).map((e) => e.state);
  console.log(
    `| progress message edits, Confirm → file sent | ${edits.length} in ${s(first.fileAt - first.confirmAt)}; smallest gap ${s(smallestGap(edits))} over all, ${s(smallestGap(paced))} between edits of the same state (${edits.length - paced.length} edits showed a new state at once: ${states.join(', ')}) | | at most one per 3 s: ${verdict(smallestGap(edits) >= 3_000)} |`,
  );
  console.log(`| last order completed at the provider → file of codes sent | ${s(fileLag)} | | ≤ 10 s: ${verdict(fileLag <= 10_000)} |`);
  console.log(`| memory above idle while the batch ran (peak) | RSS +${mb(peak.rss - idle.rss)}, heap used +${mb(peak.heap - idle.heap)} | idle RSS ${mb(idle.rss)}, heap used ${mb(idle.heap)} (the whole run: bot, sandbox, fake Bot API) | ≤ 50 MB: ${verdict(peak.rss - idle.rss <= 50 * 1024 * 1024)} |`);

  // Part 5: the /order steps with no batch running, then the same batch again while ADMIN walks them; bare grammY answers the same steps in alternate rounds throughout.
  const quiet = new Map(STEPS.map((step) => [step, [] as number[]]));
  const quietBare = new Map(STEPS.map((step) => [step, [] as number[]]));
  for (let i = 0; i < QUIET_ROUNDS; i += 1) {
    await roundOf(telegram, i, quiet);
    await roundOf(bare.telegram, i, quietBare);
  }
  const real = new Map(STEPS.map((step) => [step, [] as number[]]));
  const baseline = new Map(STEPS.map((step) => [step, [] as number[]]));
  let rounds = 0;
  const bareBot = bare;
  const second = await runBatch(bench, async (done) => {
    while (!done()) {
      await roundOf(telegram, rounds, real);
      await roundOf(bareBot.telegram, rounds, baseline);
      rounds += 1;
    }
  });
  const secondOrders = sandbox.controls.orders().filter((o) => second.orderIds.has(o.orderId));
  const secondPlacing = Math.max(...secondOrders.map((o) => o.createdAtMs)) - second.confirmAt;
  console.log(`\n## /order steps of a staff member not in the batch, while a second batch of ${ORDERS} ran (${rounds} rounds, each step ${THINK_MS} ms after the previous answer; bare grammY in alternate rounds)`);
  console.log(`second batch: Confirm → last order placed ${s(secondPlacing)} (${(secondPlacing / floor).toFixed(2)}× floor), file ${s(second.fileAt - second.confirmAt)} after Confirm`);
  console.log(`(and ${QUIET_ROUNDS} rounds before it with no batch running, the same way)`);
  console.log('| step | giftdesk p50 / p95 / max | bare grammY p50 / p95 | p95 ratio | no batch: giftdesk p95, ratio to its bare p95 |');
  console.log('|---|---|---|---|---|');
  const row = (name: string, ours: number[], theirs: number[], extra: number, calm: number[], calmBare: number[]) => {
    const a = stats(ours);
    const b = stats(theirs);
    const q = stats(calm);
    const qb = stats(calmBare);
    const of = extra > 0 ? ` (of bare + a product read ${ms(answer.read)})` : '';
    console.log(`| ${name} | ${ms(a.p50)} / ${ms(a.p95)} / ${ms(a.max)} | ${ms(b.p50)} / ${ms(b.p95)} | ${(a.p95 / (b.p95 + extra)).toFixed(2)}×${of} | ${ms(q.p95)}, ${(q.p95 / (qb.p95 + extra)).toFixed(2)}× |`);
  };
  for (const step of STEPS) row(step, real.get(step)!, baseline.get(step)!, step.includes('provider') ? answer.read : 0, quiet.get(step)!, quietBare.get(step)!);
  const pooled = (m: Map<Step, number[]>) => STEPS.filter((step) => !step.includes('provider')).flatMap((step) => m.get(step)!);
  const p = stats(pooled(real)).p95 / stats(pooled(baseline)).p95;
  row('pooled, steps that do not read the provider', pooled(real), pooled(baseline), 0, pooled(quiet), pooled(quietBare));
  console.log(`target ≤ 2× bare grammY p95 (pooled): ${verdict(p <= 2)}`);
} finally {
  if (bare) await stopStepBot(bare);
  await bench.close();
}

/**
 * Several instances on one PostgreSQL (issue 20's targets), the built
 * program (dist/main.js) in processes of its own against the sandbox
 * provider and the fake Bot API in this process, on a throwaway PostgreSQL
 * server of the run's own:
 *
 * 1. Takeover: two instances in polling mode; kill -9 of the one holding
 *    the background work, timed from the kill to the survivor's first
 *    delivery sweep (its log line's time); the killed one is started again
 *    as the standby each time. Beside the 10 s target.
 * 2. One provider budget: three instances in webhook mode while staff
 *    order and the background works, provider requests counted at the
 *    sandbox per one-second window (fixed and sliding) beside
 *    PROVIDER_REQUESTS_PER_SECOND, and one 429 with Retry-After: no request
 *    may arrive before it has passed.
 * 3. Throughput: updates per second handled by one instance, then by three,
 *    in webhook mode behind a round-robin forwarder, with BENCH_STAFF staff
 *    browsing (/order, a category, its pages: database steps, no provider).
 * 4. A rolling restart of two instances while BENCH_ROLL_STAFF (20) staff
 *    order for BENCH_ROLL_SECONDS (60; the issue's target says 300):
 *    instances-roll.ts.
 * 5. Coordination cost: CPU (every giftdesk process and the PostgreSQL
 *    server) and statements per handled update at a fixed load, for one,
 *    two and three instances, and statements a second at rest:
 *    instances-cost.ts.
 *
 *   npm run bench:instances
 *   BENCH_KILLS=5 BENCH_BUDGET_SECONDS=20 BENCH_STAFF=100 BENCH_THROUGHPUT_SECONDS=20 CATALOG_SIZE=2000 npm run bench:instances
 * 6. The database lost and back under load: three instances while
 *    BENCH_OUTAGE_STAFF (15) staff order, PostgreSQL stopped for each of
 *    BENCH_OUTAGES seconds (5,60) in turn: instances-outage.ts.
 *
 *   BENCH_ONLY=takeover|budget|throughput|roll|cost|outage runs one part.
 */
import { availableParallelism, loadavg } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { budgetShape } from '../../src/provider/rate-limit.js';
import { chatDriver } from '../e2e/chat-driver.js';
import { coordinationCost } from './instances-cost.js';
import { databaseOutages } from './instances-outage.js';
import { rollingRestart } from './instances-roll.js';
import { percentile, staffMembers, startFleet, sweepDone, tookRole, type Fleet, type Instance } from './instance-fleet.js';

const KILLS = Number(process.env.BENCH_KILLS ?? 5);
const BUDGET_SECONDS = Number(process.env.BENCH_BUDGET_SECONDS ?? 20);
const BUDGET_STAFF = Number(process.env.BENCH_BUDGET_STAFF ?? 10);
const STAFF = Number(process.env.BENCH_STAFF ?? 100);
const THROUGHPUT_SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 20);
const CATALOG_SIZE = Number(process.env.CATALOG_SIZE ?? 2_000);
const PER_SECOND = Number(process.env.PROVIDER_REQUESTS_PER_SECOND ?? 8);
const ONLY = process.env.BENCH_ONLY ?? '';
const TAKEOVER_TARGET_MS = 10_000;

const out = (line: string) => process.stdout.write(`${line}\n`);
const holds = (instance: Instance, role: string) =>
  instance.bot.logs().filter(tookRole(role)).length > instance.bot.logs().filter((l) => l.msg === 'stopped the work of this role' && l['role'] === role).length;

async function takeover(): Promise<void> {
  const fleet = await startFleet({ mode: 'polling', sandbox: { catalogSize: 100 }, env: { LOG_LEVEL: 'trace' } });
  try {
    const names = ['a', 'b'];
    const running = new Map<string, Instance>();
    running.set('a', await fleet.start('a'));
    await running.get('a')!.bot.waitForLog(sweepDone, 30_000);
    running.set('b', await fleet.start('b'));
    const times: number[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      // The kill lands at a different moment of the holder's loops each time.
      await delay(2_000 + Math.random() * 2_000);
      const holderName = names.find((n) => holds(running.get(n)!, 'background'));
      if (!holderName) throw new Error('no instance holds the background work');
      const survivor = running.get(names.find((n) => n !== holderName)!)!;
      const killedAt = Date.now();
      await fleet.kill9(running.get(holderName)!);
      const swept = await survivor.bot.waitForLog((l) => sweepDone(l) && Number(l['time']) >= killedAt, 30_000);
      times.push(Number(swept['time']) - killedAt);
      running.set(holderName, await fleet.start(holderName));
    }
    const p50 = percentile(times, 50);
    const max = Math.max(...times);
    out(`\n1. takeover after kill -9 of the background holder (2 instances, polling, ${KILLS} kills)`);
    out(`   each kill to the survivor's first delivery sweep: ${times.map((t) => `${t} ms`).join(', ')}`);
    out(`   p50 ${p50} ms, max ${max} ms   baseline: target ${TAKEOVER_TARGET_MS} ms -> ${max <= TAKEOVER_TARGET_MS ? 'met' : 'MISSED'}`);
  } finally {
    await fleet.close();
  }
}

/** Walks one staff member through /order, a search, a product, a quantity, the summary and Confirm, again and again until `until`. */
async function orderLoop(fleet: Fleet, user: FakeUser, until: number, steps: number[]): Promise<void> {
  const chat = chatDriver(fleet.telegram, user);
  while (Date.now() < until) {
    try {
      let started = Date.now();
      await chat.say('/order', /Choose a category/);
      steps.push(Date.now() - started);
      await chat.say('Google Play 10', /Products matching/);
      await chat.tap(/^Google Play 10 USD/, /How many\?/);
      await chat.say('1', /Please check your order/);
      started = Date.now();
      await chat.answerTo(() => fleet.telegram.clickButton(user, chat.currentMenu(), /Confirm/), /is placed|could not|paused|limit/i, 20_000);
    } catch {
      // A step without an answer in time: the next round starts over with /order.
      await delay(500);
    }
  }
}

/** The most requests in one fixed second (from the epoch) and in any one-second window, with where that window starts. */
function windows(times: readonly number[]): { fixed: number; sliding: number; slidingFrom: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const buckets = new Map<number, number>();
  for (const t of sorted) buckets.set(Math.floor(t / 1000), (buckets.get(Math.floor(t / 1000)) ?? 0) + 1);
  let sliding = 0;
  let slidingFrom = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 1000) j++;
    if (i - j + 1 > sliding) [sliding, slidingFrom] = [i - j + 1, sorted[j]!];
  }
  return { fixed: Math.max(0, ...buckets.values()), sliding, slidingFrom };
}

async function budget(): Promise<void> {
  const fleet = await startFleet({ mode: 'webhook', sandbox: { catalogSize: CATALOG_SIZE, rateLimit: false }, env: { PROVIDER_REQUESTS_PER_SECOND: String(PER_SECOND) } });
  try {
    for (const id of ['a', 'b', 'c']) await fleet.start(id);
    const staff = staffMembers(BUDGET_STAFF);
    await fleet.addStaff(staff);
    const from = Date.now();
    const fromIndex = fleet.sandbox.requests.length;
    const until = from + BUDGET_SECONDS * 1000;
    const loops = staff.map((user) => orderLoop(fleet, user, until, []));
    // Halfway, one 429 with Retry-After: 2 s.
    await delay((BUDGET_SECONDS * 1000) / 2);
    fleet.sandbox.controls.force429(1, 2);
    await Promise.all(loops);
    const requests = fleet.sandbox.requests.slice(fromIndex).filter((r) => r.path !== '/__controls');
    const { fixed, sliding, slidingFrom } = windows(requests.map((r) => r.at));
    const span = ((requests.at(-1)?.at ?? from) - from) / 1000;
    const densest = requests.filter((r) => r.at >= slidingFrom && r.at < slidingFrom + 1000);
    // The bucket's bound before the window rule (rate-limit.ts budgetShape: a burst of two at 8/s): burst + rate - 1; the window makes it the rate.
    const designBound = PER_SECOND + budgetShape(PER_SECOND, 10).burst - 1;
    const limited = requests.find((r) => r.status === 429);
    const early = limited ? requests.filter((r) => r.at > limited.at && r.at < limited.at + 2_000) : [];
    const placed = requests.filter((r) => r.method === 'POST').length;
    out(`\n2. provider budget over 3 instances (webhook), ${BUDGET_STAFF} staff ordering + background work, ${BUDGET_SECONDS} s`);
    out(`   ${requests.length} provider requests (${placed} POSTs) over ${span.toFixed(1)} s, ${(requests.length / span).toFixed(1)}/s on average`);
    out(`   max per fixed one-second window ${fixed}, per any sliding one-second window ${sliding}`);
    out(`   baseline: PROVIDER_REQUESTS_PER_SECOND ${PER_SECOND} -> ${sliding <= PER_SECOND ? 'met' : fixed <= PER_SECOND ? 'met in fixed windows only' : 'MISSED'}; the bucket's alone (rate + burst - 1) ${designBound} -> ${sliding <= designBound ? 'met' : fixed <= designBound ? 'met in fixed windows only' : 'MISSED'}`);
    out(`   the densest window: ${densest.map((r) => `${r.method} ${r.path} +${r.at - slidingFrom}`).join(', ')}`);
    out(
      limited
        ? `   one 429 (Retry-After: 2 s) answered at +${limited.at - from} ms: ${early.length} requests arrived before it had passed${early.length ? ` (first +${early[0]!.at - limited.at} ms after it)` : ''} -> ${early.length === 0 ? 'met' : 'MISSED'}; next request +${(requests.find((r) => r.at > limited.at)?.at ?? NaN) - limited.at} ms after it`
        : '   the forced 429 was never answered (no request after it was armed)',
    );
  } finally {
    await fleet.close();
  }
}

/** One staff member browsing: /order, the first category, then its pages forward, again and again. Counts the updates answered. */
async function browseLoop(fleet: Fleet, user: FakeUser, until: number, counted: { updates: number; failures: number }): Promise<void> {
  const chat = chatDriver(fleet.telegram, user);
  while (Date.now() < until) {
    try {
      await chat.say('/order', /Choose a category/);
      counted.updates++;
      await chat.tap(/\(\d+\)$/, /•/);
      counted.updates++;
      for (let page = 0; page < 3 && Date.now() < until; page++) {
        await chat.tap(/Next ›/, /•/);
        counted.updates++;
      }
    } catch {
      counted.failures++;
    }
  }
}

async function browsing(fleet: Fleet, staff: readonly FakeUser[]): Promise<{ perSecond: number; failures: number; benchCores: number; load: number }> {
  const counted = { updates: 0, failures: 0 };
  const warmUntil = Date.now() + 3_000;
  await Promise.all(staff.map((user) => browseLoop(fleet, user, warmUntil, { updates: 0, failures: 0 })));
  const started = Date.now();
  const cpu = process.cpuUsage();
  const until = started + THROUGHPUT_SECONDS * 1000;
  await Promise.all(staff.map((user) => browseLoop(fleet, user, until, counted)));
  const used = process.cpuUsage(cpu);
  const wall = Date.now() - started;
  // The benchmark's own process (fake Bot API, forwarder, the staff's drivers) takes from the same cores.
  return { perSecond: counted.updates / (wall / 1000), failures: counted.failures, benchCores: (used.user + used.system) / 1000 / wall, load: loadavg()[0]! };
}

async function throughput(): Promise<void> {
  const fleet = await startFleet({ mode: 'webhook', sandbox: { catalogSize: CATALOG_SIZE } });
  try {
    const first = await fleet.start('a');
    await first.bot.waitForLog((l) => l['component'] === 'catalog' && l.msg === 'catalog synced', 180_000);
    const staff = staffMembers(STAFF);
    await fleet.addStaff(staff);
    const one = await browsing(fleet, staff);
    await fleet.start('b');
    await fleet.start('c');
    const three = await browsing(fleet, staff);
    const ratio = three.perSecond / one.perSecond;
    out(`\n3. throughput, webhook mode behind a round-robin forwarder, ${STAFF} staff browsing (/order, category, pages), ${THROUGHPUT_SECONDS} s each, ${availableParallelism()} cores`);
    out(`   one instance    ${one.perSecond.toFixed(1).padStart(7)} updates/s  (${one.failures} walks without an answer in 5 s; this benchmark's own process used ${one.benchCores.toFixed(2)} cores, load average ${one.load.toFixed(1)})`);
    out(`   three instances ${three.perSecond.toFixed(1).padStart(7)} updates/s  (${three.failures} walks without an answer in 5 s; this benchmark's own process used ${three.benchCores.toFixed(2)} cores, load average ${three.load.toFixed(1)})`);
    out(`   three / one ${ratio.toFixed(2)}×   target ≥ 2× -> ${ratio >= 2 ? 'met' : 'MISSED'}`);
  } finally {
    await fleet.close();
  }
}

out(`instances benchmark: node ${process.version}, ${availableParallelism()} cores, catalog ${CATALOG_SIZE} products, PROVIDER_REQUESTS_PER_SECOND ${PER_SECOND}`);
if (!ONLY || ONLY === 'takeover') await takeover();
if (!ONLY || ONLY === 'budget') await budget();
if (!ONLY || ONLY === 'throughput') await throughput();
if (!ONLY || ONLY === 'roll') await rollingRestart({ seconds: Number(process.env.BENCH_ROLL_SECONDS ?? 60), staff: Number(process.env.BENCH_ROLL_STAFF ?? 20), out });
if (!ONLY || ONLY === 'cost') {
  await coordinationCost({
    staff: Number(process.env.BENCH_COST_STAFF ?? 20),
    stepEveryMs: Number(process.env.BENCH_COST_STEP_MS ?? 1_000),
    seconds: Number(process.env.BENCH_COST_SECONDS ?? 30),
    restSeconds: Number(process.env.BENCH_COST_REST_SECONDS ?? 10),
    out,
  });
}
if (!ONLY || ONLY === 'outage') {
  await databaseOutages({
    outages: (process.env.BENCH_OUTAGES ?? '5,60').split(',').map(Number),
    staff: Number(process.env.BENCH_OUTAGE_STAFF ?? 15),
    out,
  });
}

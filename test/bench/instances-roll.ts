import { setTimeout as delay } from 'node:timers/promises';
import { chatDriver } from '../e2e/chat-driver.js';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { percentile, staffMembers, startFleet, type Fleet } from './instance-fleet.js';

/** The seed's first region (seed.ts numbers regions from 5001): Google Play 10 USD, US. */
const GOOGLE_PLAY_10_US_REGION = 5001;

/**
 * A rolling restart of two instances in webhook mode while staff order:
 * the first third of the run is steady, then the instances are stopped
 * (SIGTERM, still in the forwarder's rotation: it answers 503 while it
 * stops and the fake Bot API posts again) and started again one after the
 * other until the end. Afterwards: updates lost or handled again, POSTs
 * doubled, codes delivered once, and the /order step's p95 during the
 * roll beside the steady p95 of the same run.
 */
export async function rollingRestart(options: { seconds: number; staff: number; out: (line: string) => void }): Promise<void> {
  // A wallet and a stock that last the whole run, so that every Confirm can place an order.
  const fleet = await startFleet({ mode: 'webhook', sandbox: { catalogSize: 200, rateLimit: false, initialBalance: 1_000_000_000_000_000 } });
  try {
    fleet.sandbox.controls.setRegionOffer(GOOGLE_PLAY_10_US_REGION, { stock: 1_000_000 });
    const first = await fleet.start('a');
    await first.bot.waitForLog((l) => l['component'] === 'catalog' && l.msg === 'catalog synced', 120_000);
    await fleet.start('b');
    const staff = staffMembers(options.staff, 70_000);
    await fleet.addStaff(staff);
    const started = Date.now();
    const until = started + options.seconds * 1000;
    const rollFrom = started + (options.seconds * 1000) / 3;
    const steps: { at: number; ms: number }[] = [];
    const outcomes = { placed: 0, other: 0, unanswered: 0, cutAt: new Map<string, number>() };
    const loops = staff.map((user) => orderLoop(fleet, user, until, steps, outcomes));
    await delay(rollFrom - Date.now());
    let restarts = 0;
    const stops: number[] = [];
    const starts: number[] = [];
    const rolling = (async () => {
      for (let n = 0; Date.now() < until - 5_000; n++) {
        const name = n % 2 === 0 ? 'a' : 'b';
        const instance = fleet.instances.find((i) => i.id === name);
        let t = Date.now();
        const before = instance?.bot.logs().length ?? 0;
        if (instance) await fleet.stop(instance);
        if (process.env.BENCH_DEBUG && instance) console.log(instance.bot.logs().slice(before).map((l) => JSON.stringify(l).slice(0, 300)).join('\n'));
        stops.push(Date.now() - t);
        t = Date.now();
        await fleet.start(name);
        starts.push(Date.now() - t);
        restarts++;
        await delay(2_000);
      }
    })();
    await Promise.all([...loops, rolling]);
    // Deliveries and queued updates settle: until every code the provider gave has been sent, or a minute.
    const settleFrom = Date.now();
    const undelivered = () => {
      const sent = fleet.telegram.callsTo('sendMessage').map((c) => String(c.payload.text ?? ''));
      const codes = fleet.sandbox.controls.orders().flatMap((o) => o.items.flatMap((item) => item.delivery?.cards.map((c) => c.code) ?? []));
      return codes.filter((code) => !sent.some((text) => text.includes(code))).length;
    };
    while (Date.now() - settleFrom < 60_000 && (undelivered() > 0 || fleet.telegram.pendingUpdates().length > 0)) await delay(1_000);
    await delay(2_000);
    const settledMs = Date.now() - settleFrom;

    const steady = steps.filter((s) => s.at < rollFrom).map((s) => s.ms);
    const duringRoll = steps.filter((s) => s.at >= rollFrom).map((s) => s.ms);
    const delivered = new Set(fleet.telegram.webhookDeliveries.filter((d) => typeof d.status === 'number' && d.status < 300).map((d) => d.updateId));
    const rows = (await fleet.db.query<{ update_id: string; done: boolean; attempts: number }>('select update_id, done_at is not null as done, attempts from update_queue')).rows;
    const done = new Set(rows.filter((r) => r.done).map((r) => Number(r.update_id)));
    const lost = [...delivered].filter((id) => !done.has(id)).length;
    const retaken = rows.filter((r) => r.attempts > 1).length;
    const logs = fleet.everStarted.flatMap((i) => i.bot.logs());
    const busyWallet = logs.filter((l) => l.msg === 'another order was in flight outside this process; not sent').length;
    const lateHandled = logs.filter((l) => l.msg === 'an update was handled after its claim had been taken over').length;
    const sandboxOrders = fleet.sandbox.controls.orders();
    const posts = fleet.sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/orders');
    const local = (await fleet.db.query<{ provider_order_id: string | null }>('select provider_order_id from orders')).rows;
    const localIds = new Set(local.map((r) => Number(r.provider_order_id)).filter((id) => id > 0));
    const orphans = sandboxOrders.filter((o) => !localIds.has(o.orderId)).length;
    const codes = sandboxOrders.flatMap((o) => o.items.flatMap((item) => item.delivery?.cards.map((c) => c.code) ?? []));
    const sends = fleet.telegram.callsTo('sendMessage').filter((c) => c.response?.ok === true && typeof c.payload.text === 'string');
    const times = codes.map((code) => sends.filter((c) => (c.payload.text as string).includes(code)).length);
    const p95Steady = percentile(steady, 95);
    const p95Roll = percentile(duringRoll, 95);

    options.out(`\n4. rolling restart of two instances (webhook), ${options.staff} staff ordering, ${options.seconds} s (first third steady), ${restarts} restarts`);
    options.out(`   orders placed ${outcomes.placed}, other answers to Confirm ${outcomes.other}, walks cut off without an answer in 5 s ${outcomes.unanswered} (${[...outcomes.cutAt].map(([k, v]) => `${k} ${v}`).join(', ')})`);
    options.out(`   Confirms refused because another instance had a POST in flight for the wallet (staff read "no longer has enough stock"): ${busyWallet}`);
    options.out(`   stops took ${stops.map((t) => `${t} ms`).join(', ')}; starts (to 'giftdesk is running') ${starts.map((t) => `${t} ms`).join(', ')}`);
    options.out(`   updates accepted by the webhook ${delivered.size}: not handled ${lost}, still queued at the fake Bot API ${fleet.telegram.pendingUpdates().length}, taken over after an unfinished handler ${retaken}, handled after the claim was taken over ${lateHandled} -> ${lost === 0 && lateHandled === 0 ? 'met' : 'MISSED'}`);
    const statuses = new Map<number, number>();
    for (const post of posts) statuses.set(post.status, (statuses.get(post.status) ?? 0) + 1);
    options.out(`   POSTs ${posts.length} (answered ${[...statuses].map(([k, v]) => `${k}: ${v}`).join(', ')}) for ${sandboxOrders.length} provider orders; provider orders with no local order (doubled or orphaned POSTs) ${orphans} -> ${orphans === 0 && posts.length === sandboxOrders.length ? 'met' : 'CHECK'}`);
    options.out(`   after the staff stopped, deliveries settled in ${settledMs} ms (a minute at most)`);
    options.out(`   codes ${codes.length}: delivered once ${times.filter((t) => t === 1).length}, not delivered ${times.filter((t) => t === 0).length}, more than once ${times.filter((t) => t > 1).length}`);
    options.out(`   /order step p95 steady ${p95Steady} ms (${steady.length} steps), during the roll ${p95Roll} ms (${duringRoll.length} steps): ${(p95Roll / p95Steady).toFixed(2)}×   target ≤ 2× -> ${p95Roll <= 2 * p95Steady ? 'met' : 'MISSED'}`);
  } finally {
    await fleet.close();
  }
}

async function orderLoop(
  fleet: Fleet,
  user: FakeUser,
  until: number,
  steps: { at: number; ms: number }[],
  outcomes: { placed: number; other: number; unanswered: number; cutAt: Map<string, number> },
): Promise<void> {
  const chat = chatDriver(fleet.telegram, user);
  while (Date.now() < until) {
    let step = '/order';
    try {
      const at = Date.now();
      await chat.say('/order', /Choose a category/);
      steps.push({ at, ms: Date.now() - at });
      step = 'search';
      await chat.say('Google Play 10', /Products matching/);
      step = 'product';
      await chat.tap(/^Google Play 10 USD/, /How many\?/);
      step = 'quantity';
      await chat.say('1', /Please check your order/);
      step = 'Confirm';
      const answer = await chat.answerTo(() => fleet.telegram.clickButton(user, chat.currentMenu(), /Confirm/), /is placed|could not|paused|limit|approv|stock|wallet/i, 20_000);
      if (/is placed/.test(answer.text)) outcomes.placed++;
      else outcomes.other++;
    } catch {
      outcomes.unanswered++;
      outcomes.cutAt.set(step, (outcomes.cutAt.get(step) ?? 0) + 1);
      if (process.env.BENCH_DEBUG) console.log(`cut at ${step}: ${fleet.telegram.lastMessage(user.id)?.text.slice(0, 200)}`);
      await delay(500);
    }
  }
}

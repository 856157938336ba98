import { setTimeout as delay } from 'node:timers/promises';
import { fleetOutcome, GOOGLE_PLAY_10_US_REGION, noOutcomes, orderLoop, settle } from './fleet-orders.js';
import { percentile, staffMembers, startFleet } from './instance-fleet.js';

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
    const outcomes = noOutcomes();
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
    const settledMs = await settle(fleet, 60_000);
    const steady = steps.filter((s) => s.at < rollFrom).map((s) => s.ms);
    const duringRoll = steps.filter((s) => s.at >= rollFrom).map((s) => s.ms);
    const o = await fleetOutcome(fleet);
    const p95Steady = percentile(steady, 95);
    const p95Roll = percentile(duringRoll, 95);

    options.out(`\n4. rolling restart of two instances (webhook), ${options.staff} staff ordering, ${options.seconds} s (first third steady), ${restarts} restarts`);
    options.out(`   orders placed ${outcomes.placed}, other answers to Confirm ${outcomes.other}, walks cut off without an answer in 5 s ${outcomes.unanswered} (${[...outcomes.cutAt].map(([k, v]) => `${k} ${v}`).join(', ')})`);
    options.out(`   Confirms refused because another instance had a POST in flight for the wallet (staff read "no longer has enough stock"): ${o.busyWallet}`);
    options.out(`   stops took ${stops.map((t) => `${t} ms`).join(', ')} (target: each under 5 s -> ${stops.every((t) => t < 5_000) ? 'met' : 'MISSED'}); starts (to 'giftdesk is running') ${starts.map((t) => `${t} ms`).join(', ')}`);
    options.out(`   updates accepted by the webhook ${o.accepted}: not handled ${o.lost}, never stored ${o.notStored}, still queued at the fake Bot API ${fleet.telegram.pendingUpdates().length}, taken over after an unfinished handler ${o.retaken}, handled after the claim was taken over ${o.lateHandled} -> ${o.lost === 0 && o.notStored === 0 && o.lateHandled === 0 ? 'met' : 'MISSED'}`);
    options.out(`   POSTs ${o.posts} (answered ${[...o.postStatuses].map(([k, v]) => `${k}: ${v}`).join(', ')}) for ${o.providerOrders} provider orders; provider orders with no local order (doubled or orphaned POSTs) ${o.orphans} -> ${o.orphans === 0 && o.posts === o.providerOrders ? 'met' : 'CHECK'}`);
    options.out(`   after the staff stopped, deliveries settled in ${settledMs} ms (a minute at most)`);
    options.out(`   codes ${o.codes}: delivered once ${o.deliveredOnce}, not delivered ${o.undelivered}, more than once ${o.deliveredTwice}`);
    options.out(`   /order step p95 steady ${p95Steady} ms (${steady.length} steps), during the roll ${p95Roll} ms (${duringRoll.length} steps): ${(p95Roll / p95Steady).toFixed(2)}×   target ≤ 2× -> ${p95Roll <= 2 * p95Steady ? 'met' : 'MISSED'}`);
  } finally {
    await fleet.close();
  }
}

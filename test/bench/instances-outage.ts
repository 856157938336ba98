import { setTimeout as delay } from 'node:timers/promises';
import { pausePostgresServer, resumePostgresServer } from '../support/postgres-cluster.js';
import { fleetOutcome, GOOGLE_PLAY_10_US_REGION, noOutcomes, orderLoop, settle } from './fleet-orders.js';
import { percentile, staffMembers, startFleet } from './instance-fleet.js';

/** The issue's target: from the database's return to answers again. */
const BACK_WITHIN_MS = 10_000;

/**
 * The database lost and back under load: three instances in webhook mode
 * while staff order, PostgreSQL stopped (`pg_ctl stop -m fast`, as a
 * restart or a failover does) for each of `outages` seconds in turn and
 * started again. Per outage: how long after the return each instance says
 * it runs again, and the first /order step answered after the return.
 * Afterwards, over the whole run: updates lost or handled twice, POSTs
 * beside provider orders, every code delivered once.
 */
export async function databaseOutages(options: { outages: number[]; staff: number; out: (line: string) => void }): Promise<void> {
  const fleet = await startFleet({ mode: 'webhook', sandbox: { catalogSize: 200, rateLimit: false, initialBalance: 1_000_000_000_000_000 }, env: { DATABASE_OUTAGE_ALERT_SECONDS: '30' } });
  try {
    fleet.sandbox.controls.setRegionOffer(GOOGLE_PLAY_10_US_REGION, { stock: 1_000_000 });
    const first = await fleet.start('a');
    await first.bot.waitForLog((l) => l['component'] === 'catalog' && l.msg === 'catalog synced', 120_000);
    await fleet.start('b');
    await fleet.start('c');
    const staff = staffMembers(options.staff, 80_000);
    await fleet.addStaff(staff);
    const steps: { at: number; ms: number }[] = [];
    const outcomes = noOutcomes();
    let ordering = true;
    const loops = staff.map((user) => orderLoop(fleet, user, Number.MAX_SAFE_INTEGER, steps, outcomes, () => ordering));
    const rows: string[] = [];
    for (const seconds of options.outages) {
      await delay(10_000);
      const lostAt = Date.now();
      pausePostgresServer(fleet.cluster);
      await delay(seconds * 1_000);
      resumePostgresServer(fleet.cluster);
      const backAt = Date.now();
      const backs = await Promise.all(
        fleet.instances.map(async (instance) => {
          const line = await instance.bot
            .waitForLog((l) => l.msg === 'the database answers again; giftdesk is running again' && (l.time as number) >= lostAt, 60_000)
            .catch(() => null);
          return line ? Math.max(0, (line.time as number) - backAt) : null;
        }),
      );
      // The first /order step begun after the return and answered.
      await delay(BACK_WITHIN_MS);
      const firstAnswer = steps.filter((s) => s.at >= backAt).map((s) => s.at + s.ms - backAt);
      const firstStepMs = firstAnswer.length > 0 ? Math.min(...firstAnswer) : null;
      const during = steps.filter((s) => s.at >= lostAt && s.at < backAt).length;
      const worst = Math.max(...backs.map((b) => b ?? Infinity));
      rows.push(
        `   ${seconds} s away: running again after the return in ${backs.map((b) => (b === null ? 'never' : `${b} ms`)).join(', ')}; first /order answered ${firstStepMs ?? '-'} ms after the return; /order steps begun and answered while away ${during} -> ${worst <= BACK_WITHIN_MS ? 'met' : 'MISSED'}`,
      );
    }
    ordering = false;
    await Promise.all(loops);
    const settledMs = await settle(fleet, 90_000);
    const o = await fleetOutcome(fleet);
    options.out(`\n6. the database lost and back under load: three instances (webhook), ${options.staff} staff ordering, PostgreSQL stopped for ${options.outages.join(' s, then ')} s`);
    for (const row of rows) options.out(row);
    options.out(`   orders placed ${outcomes.placed}, other answers to Confirm ${outcomes.other}, walks cut off without an answer in 5 s ${outcomes.unanswered} (${[...outcomes.cutAt].map(([k, v]) => `${k} ${v}`).join(', ')}); /order p95 ${percentile(steps.map((s) => s.ms), 95)} ms`);
    for (const [text, n] of outcomes.otherTexts) options.out(`     ${n}× "${text}…"`);
    const told = staff.reduce((n, user) => n + fleet.telegram.messages(user.id).filter((m) => /briefly unavailable/.test(m.text)).length, 0);
    options.out(`   updates accepted by the webhook ${o.accepted}: stored and not handled ${o.lost}; answered while the database was away, not stored ${o.notStored} (staff told "briefly unavailable, nothing was ordered" ${told} times, once per chat and outage); taken over after an unfinished handler ${o.retaken}, handled after the claim was taken over ${o.lateHandled} -> ${o.lost === 0 && o.lateHandled === 0 ? 'met' : 'MISSED'}`);
    options.out(`   POSTs ${o.posts} (answered ${[...o.postStatuses].map(([k, v]) => `${k}: ${v}`).join(', ')}) for ${o.providerOrders} provider orders; with no local order ${o.orphans} -> ${o.orphans === 0 && o.posts === o.providerOrders ? 'met' : 'CHECK'}`);
    options.out(`   codes ${o.codes}: delivered once ${o.deliveredOnce}, not delivered ${o.undelivered}, more than once ${o.deliveredTwice} (settled ${settledMs} ms after the staff stopped) -> ${o.undelivered === 0 && o.deliveredTwice === 0 ? 'met' : 'MISSED'}`);
  } finally {
    await fleet.close();
  }
}

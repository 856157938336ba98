import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { availableParallelism } from 'node:os';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { chatDriver } from '../e2e/chat-driver.js';
import { staffMembers, startFleet, type Fleet } from './instance-fleet.js';

/**
 * What a second and a third instance cost, measured where it is paid: at a
 * fixed offered load well below saturation (STAFF staff, each taking one
 * browsing step every STEP_EVERY_MS), the CPU time of every giftdesk process
 * and of every PostgreSQL server process, and the statements the server ran
 * (pg_stat_statements, every statement counted, nested ones too), per
 * handled update, with one, two and three instances behind the round-robin
 * forwarder. And at rest (no staff): the statements a second the fleet runs
 * doing nothing, which is what idle instances add.
 */
const TICKS_PER_SECOND = 100;

interface Reading {
  cpuMs: { giftdesk: number; postgres: number };
  statements: number;
}

/** utime + stime of a process in milliseconds (Linux /proc; clock ticks of 1/100 s). */
function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU time of processes a parent has reaped (cutime + cstime): the backends that ended during a reading still count. */
function reapedCpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
}

const postmasterOf = (fleet: Fleet): number => Number(readFileSync(join(fleet.cluster.data, 'postmaster.pid'), 'utf8').split('\n')[0]);

/** The server's postmaster and every live process it started (backends, walwriter, checkpointer…). */
function postgresPids(fleet: Fleet): number[] {
  const postmaster = postmasterOf(fleet);
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

async function read(fleet: Fleet): Promise<Reading> {
  const giftdesk = fleet.instances.reduce((sum, instance) => sum + cpuOf(instance.bot.child!.pid!), 0);
  const postgres = postgresPids(fleet).reduce((sum, pid) => sum + cpuOf(pid), 0) + reapedCpuOf(postmasterOf(fleet));
  const { rows } = await fleet.db.query<{ calls: string }>("select coalesce(sum(calls), 0) as calls from pg_stat_statements where query not like '%pg_stat_statements%'");
  return { cpuMs: { giftdesk, postgres }, statements: Number(rows[0]!.calls) };
}

/** One staff member taking a browsing step (/order, a category, a page) every `everyMs`, whatever the answer's time. */
async function pacedBrowse(fleet: Fleet, user: FakeUser, until: number, everyMs: number, counted: { updates: number }): Promise<void> {
  const chat = chatDriver(fleet.telegram, user);
  const steps = [() => chat.say('/order', /Choose a category/), () => chat.tap(/\(\d+\)$/, /•/), () => chat.tap(/Next ›/, /•/)];
  // Spread over the interval, so that the load is steady rather than in waves.
  await delay(Math.random() * everyMs);
  let step = 0;
  while (Date.now() < until) {
    const next = Date.now() + everyMs;
    try {
      await steps[step % steps.length]!();
      counted.updates++;
      step++;
    } catch {
      step = 0;
    }
    await delay(Math.max(0, next - Date.now()));
  }
}

export async function coordinationCost(options: { staff: number; stepEveryMs: number; seconds: number; restSeconds: number; out: (line: string) => void }): Promise<void> {
  const { out } = options;
  const fleet = await startFleet({
    mode: 'webhook',
    sandbox: { catalogSize: 500 },
    postgresSettings: ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all'],
  });
  try {
    await fleet.db.query('create extension if not exists pg_stat_statements');
    const first = await fleet.start('a');
    await first.bot.waitForLog((l) => l['component'] === 'catalog' && l.msg === 'catalog synced', 180_000);
    // The first price refresh reads every product at the provider's pace: not what a quiet fleet costs.
    await first.bot.waitForLog((l) => l.msg === 'product prices refreshed', 300_000);
    const staff = staffMembers(options.staff);
    await fleet.addStaff(staff);
    const rows: { n: number; updates: number; cpuPerUpdate: Reading['cpuMs']; statementsPerUpdate: number; idleStatementsPerSecond: number; idleCpuMsPerSecond: number }[] = [];
    for (const n of [1, 2, 3]) {
      while (fleet.instances.length < n) await fleet.start(['a', 'b', 'c'][fleet.instances.length]!);
      // Let the newcomer's start-up work (its first sweeps, the catalog's first look) settle before anything is counted.
      await delay(10_000);
      const restFrom = await read(fleet);
      await delay(options.restSeconds * 1000);
      const restTo = await read(fleet);
      const counted = { updates: 0 };
      const before = await read(fleet);
      const until = Date.now() + options.seconds * 1000;
      await Promise.all(staff.map((user) => pacedBrowse(fleet, user, until, options.stepEveryMs, counted)));
      const after = await read(fleet);
      rows.push({
        n,
        updates: counted.updates,
        cpuPerUpdate: { giftdesk: (after.cpuMs.giftdesk - before.cpuMs.giftdesk) / counted.updates, postgres: (after.cpuMs.postgres - before.cpuMs.postgres) / counted.updates },
        statementsPerUpdate: (after.statements - before.statements) / counted.updates,
        idleStatementsPerSecond: (restTo.statements - restFrom.statements) / options.restSeconds,
        idleCpuMsPerSecond: (restTo.cpuMs.giftdesk + restTo.cpuMs.postgres - restFrom.cpuMs.giftdesk - restFrom.cpuMs.postgres) / options.restSeconds,
      });
    }
    const base = rows[0]!;
    const total = (r: (typeof rows)[number]) => r.cpuPerUpdate.giftdesk + r.cpuPerUpdate.postgres;
    out(`\n5. coordination cost at a fixed load: ${options.staff} staff, one browsing step each every ${options.stepEveryMs} ms, ${options.seconds} s per row; at rest ${options.restSeconds} s; ${availableParallelism()} cores`);
    out('   instances  updates  CPU ms/update (giftdesk + PostgreSQL = total)  × one   statements/update  × one   at rest: statements/s, CPU ms/s');
    for (const r of rows) {
      out(
        `   ${String(r.n).padStart(9)}  ${String(r.updates).padStart(7)}  ${r.cpuPerUpdate.giftdesk.toFixed(2).padStart(8)} + ${r.cpuPerUpdate.postgres.toFixed(2).padStart(5)} = ${total(r).toFixed(2).padStart(6)}                  ${(total(r) / total(base)).toFixed(2)}×  ${r.statementsPerUpdate.toFixed(2).padStart(17)}  ${(r.statementsPerUpdate / base.statementsPerUpdate).toFixed(2)}×  ${r.idleStatementsPerSecond.toFixed(1).padStart(20)}, ${r.idleCpuMsPerSecond.toFixed(0)}`,
      );
    }
    const three = rows[2]!;
    out(`   three against one: CPU ${(total(three) / total(base)).toFixed(2)}× (target ≤ 1.25× -> ${total(three) / total(base) <= 1.25 ? 'met' : 'MISSED'}), statements ${(three.statementsPerUpdate / base.statementsPerUpdate).toFixed(2)}× (target ≤ 1.25× -> ${three.statementsPerUpdate / base.statementsPerUpdate <= 1.25 ? 'met' : 'MISSED'})`);
    out(`   what N instances on M cores should carry, from the CPU per update at three: about ${(1000 / total(three)).toFixed(0)} updates a second per core the fleet and its PostgreSQL have between them, less what the provider and Telegram make wait`);
  } finally {
    await fleet.close();
  }
}

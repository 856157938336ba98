import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { watchRole, type RoleWatch } from '../../src/app/role-watcher.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createPostgresRoles } from '../../src/db/postgres/role-lock.js';
import type { Roles } from '../../src/db/roles.js';
import { silentLogger } from '../../src/logger.js';
import { asSuperuser, freshDatabase } from '../support/postgres-database.js';
import { waitUntil } from '../support/wait-until.js';

/** Two instances on one database: two pools, as two processes would have. */
let url: string;
let db: PgDb;
const pools: pg.Pool[] = [];
const opened: Roles[] = [];
const watches: RoleWatch[] = [];

beforeAll(async () => {
  url = await freshDatabase('role_lock');
  db = await openPostgres(url);
});
afterEach(async () => {
  await Promise.all(watches.splice(0).map((watch) => watch.stop()));
  await Promise.all(opened.splice(0).map((roles) => roles.close()));
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

async function instance(name: string, pid = 1000): Promise<Roles> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pools.push(pool);
  const roles = await createPostgresRoles(pool, { instance: name, host: `host-${name}`, pid, now: () => 1_700_000_000_000 });
  opened.push(roles);
  return roles;
}

/** Ends the server session holding a role, as a crash or a network failure would. */
async function killHolderConnection(role: string): Promise<void> {
  const [record] = await db.$client.query<{ value: string }>('select value from app_state where key = $1', [`role.${role}`]).then((result) => result.rows);
  const backendPid = (JSON.parse(record!.value) as { backendPid: number }).backendPid;
  expect(backendPid).toBeGreaterThan(0);
  await asSuperuser((client) => client.query('select pg_terminate_backend($1)', [backendPid]));
}

describe('roles on PostgreSQL', () => {
  it('gives a role to exactly one of two racing instances, and the other names the holder', async () => {
    const [a, b] = [await instance('a', 1), await instance('b', 2)];
    const taken = await Promise.all([a.lock('background').tryTake(), b.lock('background').tryTake()]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    const winner = taken[0] ? 'a' : 'b';
    expect(await a.lock('background').holder()).toEqual({ instance: winner, host: `host-${winner}`, pid: winner === 'a' ? 1 : 2, since: 1_700_000_000_000 });
    expect((await b.lock('background').holder())?.instance).toBe(winner);
    // A second try by the loser is refused too; the holder's own try says it holds it.
    const [holder, other] = winner === 'a' ? [a, b] : [b, a];
    expect(await other.lock('background').tryTake()).toBe(false);
    expect(await holder.lock('background').tryTake()).toBe(true);
  });

  it('keeps roles apart: one instance may hold the background work while another polls', async () => {
    const [a, b] = [await instance('a'), await instance('b')];
    expect(await a.lock('background').tryTake()).toBe(true);
    expect(await b.lock('polling').tryTake()).toBe(true);
    expect(await b.lock('background').tryTake()).toBe(false);
    expect(await a.lock('polling').tryTake()).toBe(false);
  });

  it('hands a released role to another instance at once and forgets the holder', async () => {
    const [a, b] = [await instance('a'), await instance('b')];
    expect(await a.lock('polling').tryTake()).toBe(true);
    await a.lock('polling').release();
    expect(a.lock('polling').held).toBe(false);
    expect(await a.lock('polling').holder()).toBeNull();
    expect(await b.lock('polling').tryTake()).toBe(true);
    expect((await a.lock('polling').holder())?.instance).toBe('b');
  });

  it('tells the holder when its connection is killed, and another instance takes the role over', async () => {
    const [a, b] = [await instance('a'), await instance('b')];
    const lost: Error[] = [];
    a.lock('background').onLost((error) => lost.push(error));
    expect(await a.lock('background').tryTake()).toBe(true);
    expect(await b.lock('background').tryTake()).toBe(false);

    await killHolderConnection('background');
    await waitUntil(() => lost.length === 1, 'the holder is told it lost the role');
    expect(a.lock('background').held).toBe(false);
    expect(await b.lock('background').tryTake()).toBe(true);
    expect((await b.lock('background').holder())?.instance).toBe('b');
    // The old holder reconnects for its next try and is refused: never two holders.
    expect(await a.lock('background').tryTake()).toBe(false);
    expect(lost).toHaveLength(1);
  });

  it('says whether another instance is alive, through the presence every instance holds', async () => {
    const a = await instance('a');
    expect(await a.othersAlive()).toBe(false);
    const b = await instance('b');
    expect(await a.othersAlive()).toBe(true);
    expect(await b.othersAlive()).toBe(true);
    await b.close();
    expect(await a.othersAlive()).toBe(false);
  });

  it('counts the instances alive, itself included, for the share of Telegram\'s limits each may take', async () => {
    const a = await instance('a');
    expect(await a.liveInstances()).toBe(1);
    const [b, c] = [await instance('b'), await instance('c')];
    expect(await a.liveInstances()).toBe(3);
    expect(await c.liveInstances()).toBe(3);
    await b.close();
    expect(await a.liveInstances()).toBe(2);
    await c.close();
    expect(await a.liveInstances()).toBe(1);
  });

  it('releases every role when an instance closes', async () => {
    const [a, b] = [await instance('a'), await instance('b')];
    expect(await a.lock('background').tryTake()).toBe(true);
    expect(await a.lock('polling').tryTake()).toBe(true);
    await a.close();
    expect(await b.lock('background').tryTake()).toBe(true);
    expect(await b.lock('polling').tryTake()).toBe(true);
  });
});

describe('the role watcher on PostgreSQL', () => {
  function watched(roles: Roles, log: string[], name: string): RoleWatch {
    const watch = watchRole(
      roles.lock('background'),
      { start: async () => void log.push(`${name} started`), stop: async () => void log.push(`${name} stopped`) },
      { logger: silentLogger, retryMs: 100 },
    );
    watches.push(watch);
    return watch;
  }

  it('runs the work on one instance, stops it when the holder’s connection is killed, and never runs it twice at once', async () => {
    const log: string[] = [];
    const a = watched(await instance('a'), log, 'a');
    await a.firstTry;
    const b = watched(await instance('b'), log, 'b');
    await b.firstTry;
    expect(log).toEqual(['a started']);
    expect([a.active, b.active]).toEqual([true, false]);

    await killHolderConnection('background');
    // Either may take it next (the first one's process is still alive here; a crash would leave only the other).
    await waitUntil(() => log.length >= 3, 'the work starts again on one instance', { timeoutMs: 5_000 });
    expect(log.slice(0, 2)).toEqual(['a started', 'a stopped']);
    expect(log[2]).toMatch(/^[ab] started$/);
    expect([a.active, b.active].filter(Boolean)).toHaveLength(1);
  });

  it('hands the work over at once on a clean stop', async () => {
    const log: string[] = [];
    const a = watched(await instance('a'), log, 'a');
    await a.firstTry;
    const b = watched(await instance('b'), log, 'b');
    await b.firstTry;
    await a.stop();
    await waitUntil(() => b.active, 'the standby takes the work over', { timeoutMs: 1_000 });
    expect(log).toEqual(['a started', 'a stopped', 'b started']);
  });
});

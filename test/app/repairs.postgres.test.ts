import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { repairInterrupted } from '../../src/app/repairs.js';
import { systemClock, type Clock } from '../../src/clock.js';
import { createApprovalStore } from '../../src/db/approval-store.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { OwnerLockLostError } from '../../src/db/owner-locks.js';
import { postgresOwnerLocks } from '../../src/db/postgres/owner-lock.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createPostgresRoles } from '../../src/db/postgres/role-lock.js';
import type { Roles } from '../../src/db/roles.js';
import { silentLogger } from '../../src/logger.js';
import type { ApprovalStore } from '../../src/db/approval-store.js';
import type { OrderStore } from '../../src/db/order-store.js';
import { createOrderService, type PlaceInput } from '../../src/orders/order-service.js';
import { orderFingerprint } from '../../src/orders/fingerprint.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { googlePlayInput } from '../support/order-fixtures.js';
import { asSuperuser, freshDatabase } from '../support/postgres-database.js';
import { waitUntil } from '../support/wait-until.js';

/**
 * The repair of orders and approvals a stopped instance left half-way, on
 * PostgreSQL with two instances (two pools, each with its roles and owner
 * lock) on one fresh database per case. Instance A works on orders; B holds
 * the background work and runs the repair passes. A's death is its server
 * session ending, as after kill -9 or a lost machine.
 */
interface Instance {
  db: PgDb;
  roles: Roles;
  orders: OrderStore;
  approvals: ApprovalStore;
}

const PLACE_TIMEOUT_MS = 30_000;
/** B "started" before any order of these cases: a restart's cut-off never covers them, only their owner's lock can. */
const B_STARTED_AT = Date.now() - 1_000;
const HOUR = 60 * 60_000;

let sandbox: Sandbox;
const opened: Instance[] = [];

beforeAll(async () => {
  sandbox = await createSandbox({ rateLimit: false });
});
afterEach(async () => {
  sandbox.controls.setOrderPostFault({ kind: 'none' });
  await Promise.all(opened.splice(0).map(async (one) => {
    await one.roles.close();
    await closePostgres(one.db);
  }));
});
afterAll(async () => {
  await sandbox?.close();
});

async function instance(url: string, name: string, clock: Clock = systemClock): Promise<Instance> {
  const db = await openPostgres(url);
  const roles = await createPostgresRoles(db.$client, { instance: name, host: 'test', pid: 1 });
  const one = {
    db,
    roles,
    orders: createOrderStore({ database: databaseOf(db), clock, owners: postgresOwnerLocks(roles.ownerLock) }),
    approvals: createApprovalStore({ database: databaseOf(db), clock, owners: postgresOwnerLocks(roles.ownerLock) }),
  };
  opened.push(one);
  return one;
}

async function twoInstances(name: string): Promise<{ a: Instance; b: Instance; url: string }> {
  const url = await freshDatabase(name);
  return { a: await instance(url, 'a'), b: await instance(url, 'b'), url };
}

/** Whether some session of the instance's database holds its owner lock. */
async function ownerLockHeld(by: Instance, key: number): Promise<boolean> {
  const { rows } = await by.db.$client.query<{ pid: number }>(
    `select pid from pg_locks where locktype = 'advisory' and granted and objsubid = 1
       and database = (select oid from pg_database where datname = current_database())
       and classid = $1::bigint::oid and objid = $2::bigint::oid`,
    [Math.floor(key / 2 ** 32), key % 2 ** 32],
  );
  return rows.length > 0;
}

/** Ends the server session holding `victim`'s presence and owner lock, as a crash would; `witness` watches the lock go. */
async function die(victim: Instance, witness: Instance): Promise<void> {
  const key = victim.roles.ownerLock!;
  const { rows } = await witness.db.$client.query<{ pid: number }>(
    `select pid from pg_locks where locktype = 'advisory' and granted and objsubid = 1 and classid = $1::bigint::oid and objid = $2::bigint::oid`,
    [Math.floor(key / 2 ** 32), key % 2 ** 32],
  );
  expect(rows).toHaveLength(1);
  await asSuperuser((client) => client.query('select pg_terminate_backend($1)', [rows[0]!.pid]));
  await expect.poll(() => ownerLockHeld(witness, key), { timeout: 5_000 }).toBe(false);
}

/** One repair pass by `by`, as the holder of the background work runs it; `clock` may run ahead to make every row look old. */
function repairPass(by: Instance, clock: Clock = systemClock) {
  const service = createOrderService({
    orders: by.orders,
    provider: createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1000 }),
    clock: systemClock,
    logger: silentLogger,
    sandbox: true,
    placeTimeoutMs: PLACE_TIMEOUT_MS,
  });
  return repairInterrupted({ orders: service, approvals: by.approvals, roles: by.roles, startedAt: B_STARTED_AT, placeTimeoutMs: PLACE_TIMEOUT_MS, clock, logger: silentLogger });
}

/** An intent as the order service opens it. */
async function intentOn(store: OrderStore, input: PlaceInput) {
  const opened = await store.openIntent({ ...input, fingerprint: orderFingerprint(input.userId, input.lines), sandbox: true });
  if (opened.kind !== 'created') throw new Error(`no intent: ${opened.kind}`);
  return opened.order;
}

const aheadBy = (ms: number): Clock => ({ ...systemClock, now: () => Date.now() + ms });

describe('an order whose instance died in the middle', () => {
  it('is moved from placing to unknown by the next repair pass, without waiting out the order timeout', async () => {
    const { a, b } = await twoInstances('repair_dead_placing');
    const intent = await intentOn(a.orders, googlePlayInput('dead-placing', { userId: 31, chatId: 31 }));
    const claim = await a.orders.claimForPlacing(intent.id, 31);
    expect(claim).toMatchObject({ kind: 'placing', order: { ownerLock: a.roles.ownerLock } });

    // While A lives, B's pass leaves its fresh POST alone, as before.
    await repairPass(b);
    expect((await b.orders.get(intent.id))?.state).toBe('placing');

    await die(a, b);
    const startedAt = Date.now();
    await repairPass(b);
    const repaired = await b.orders.get(intent.id);
    expect(repaired).toMatchObject({ state: 'unknown' });
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    // Its POST was sent less than the order timeout ago: the latest it can have ended is the repair's time.
    expect(repaired!.postEndedAt!.getTime()).toBeGreaterThanOrEqual(startedAt - 1_000);
  });

  it('is closed unsent when it was an intent, and its maker can no longer send it', async () => {
    const { a, b } = await twoInstances('repair_dead_intent');
    const intent = await intentOn(a.orders, googlePlayInput('dead-intent', { userId: 32, chatId: 32 }));
    expect(intent.ownerLock).toBe(a.roles.ownerLock);

    await die(a, b);
    await repairPass(b);
    expect((await b.orders.get(intent.id))?.state).toBe('not_placed');
    // Compare-and-swap: the maker's claim, had it lived on, finds the intent gone.
    expect(await a.orders.claimForPlacing(intent.id, 32)).toMatchObject({ kind: 'moved', order: { state: 'not_placed' } });
  });
});

describe('an instance whose presence was lost', () => {
  it('claims nothing for the POST, though its pool reaches the database again: others may already repair its orders', async () => {
    const { a, b } = await twoInstances('repair_presence_lost');
    const intent = await intentOn(a.orders, googlePlayInput('presence-lost', { userId: 35, chatId: 35 }));
    await die(a, b);
    await expect(a.orders.claimForPlacing(intent.id, 35)).rejects.toBeInstanceOf(OwnerLockLostError);
    expect((await b.orders.get(intent.id))?.state).toBe('intent');
    // The repair then closes it unsent, as any dead instance's intent.
    await repairPass(b);
    expect((await b.orders.get(intent.id))?.state).toBe('not_placed');
  });
});

describe('an order whose instance is alive', () => {
  it('keeps a live instance’s queued intent however old, and repairs it the moment its instance dies', async () => {
    const { a, b } = await twoInstances('repair_live_old');
    // A queued intent of A's own, an hour old by now.
    const past = createOrderStore({ database: databaseOf(a.db), clock: aheadBy(-HOUR), owners: postgresOwnerLocks(a.roles.ownerLock) });
    const queued = await intentOn(past, googlePlayInput('live-old-queued', { userId: 34, chatId: 34 }));

    await repairPass(b);
    await repairPass(b, aheadBy(HOUR));
    expect((await b.orders.get(queued.id))?.state).toBe('intent');

    await die(a, b);
    await repairPass(b);
    expect((await b.orders.get(queued.id))?.state).toBe('not_placed');
  });

  it('repairs a live instance’s order left in placing longer than any POST can last: it would hold the wallet while that instance lives', async () => {
    const { a, b } = await twoInstances('repair_live_stuck');
    const past = createOrderStore({ database: databaseOf(a.db), clock: aheadBy(-HOUR), owners: postgresOwnerLocks(a.roles.ownerLock) });
    const placing = await intentOn(past, googlePlayInput('live-stuck-placing', { userId: 33, chatId: 33 }));
    expect((await past.claimForPlacing(placing.id, 33)).kind).toBe('placing');

    await repairPass(b);
    expect((await b.orders.get(placing.id))?.state).toBe('unknown');
  });

  it('keeps a Confirm queued behind its own instance’s wallet lock, whatever its age: both orders are placed', async () => {
    const { a, b } = await twoInstances('repair_queued_confirm');
    const service = createOrderService({
      orders: a.orders,
      provider: createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1000 }),
      clock: systemClock,
      logger: silentLogger,
      sandbox: true,
      placeTimeoutMs: PLACE_TIMEOUT_MS,
    });
    const posts = () => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/orders').length;
    const before = posts();
    sandbox.controls.setOrderPostFault({ kind: 'answer-after', delayMs: 2_000 });
    const first = service.createIntentAndPlace(googlePlayInput('queued-first', { userId: 35, chatId: 35 }));
    await waitUntil(() => posts() === before + 1, 'the first POST to be in flight', { timeoutMs: 5_000 });
    const second = service.createIntentAndPlace(googlePlayInput('queued-second', { userId: 36, chatId: 36 }));
    const intents = () => a.db.$client.query<{ id: number }>("select id from orders where state = 'intent'").then((r) => r.rows);
    await expect.poll(async () => (await intents()).length, { timeout: 5_000 }).toBe(1);
    const [queued] = await intents();

    // A pass whose clock makes both look older than any cut-off the age rule knows (the order timeout plus a minute).
    await repairPass(b, aheadBy(HOUR));
    expect((await b.orders.get(queued!.id))?.state).toBe('intent');
    sandbox.controls.setOrderPostFault({ kind: 'none' });

    expect(await first).toMatchObject({ kind: 'placed' });
    expect(await second).toMatchObject({ kind: 'placed', order: { id: queued!.id } });
    expect(posts()).toBe(before + 2);
  }, 20_000);
});

describe('an order recorded before owners were', () => {
  it('keeps the age rule: repaired once older than the order timeout plus the margin, not before', async () => {
    const { a, b } = await twoInstances('repair_unowned');
    const recent = createOrderStore({ database: databaseOf(a.db), clock: systemClock, owners: postgresOwnerLocks(null) });
    const fresh = await intentOn(recent, googlePlayInput('unowned-fresh', { userId: 37, chatId: 37 }));
    const old = await intentOn(createOrderStore({ database: databaseOf(a.db), clock: aheadBy(-HOUR), owners: postgresOwnerLocks(null) }), googlePlayInput('unowned-old', { userId: 38, chatId: 38 }));
    expect(fresh.ownerLock).toBeNull();

    // A is alive: the cut-off is the order timeout plus the margin ago.
    await repairPass(b);
    expect((await b.orders.get(old.id))?.state).toBe('not_placed');
    expect((await b.orders.get(fresh.id))?.state).toBe('intent');
  });
});

describe('an approval being checked', () => {
  it('stays with its live instance however long the check takes, and waits again at once when that instance dies', async () => {
    const { a, b } = await twoInstances('repair_approval');
    const { approval } = await a.approvals.request(
      { confirmKey: 'approval-owner', requesterId: 39, chatId: 39, lines: googlePlayInput('approval-owner').lines },
      new Date(Date.now() + HOUR),
    );
    const claim = await a.approvals.claim(approval.id, 1, approval.revision);
    expect(claim).toMatchObject({ kind: 'claimed', approval: { state: 'approving', ownerLock: a.roles.ownerLock } });

    await repairPass(b, aheadBy(HOUR));
    expect((await b.approvals.get(approval.id))?.state).toBe('approving');

    await die(a, b);
    await repairPass(b);
    expect(await b.approvals.get(approval.id)).toMatchObject({ state: 'pending', decidedBy: null, ownerLock: null });
  });
});

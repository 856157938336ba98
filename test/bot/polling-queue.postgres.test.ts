import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createPostgresRoles } from '../../src/db/postgres/role-lock.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createUpdateQueueStore } from '../../src/db/update-queue-store.js';
import type { Roles } from '../../src/db/roles.js';
import { createFakeBotApi, type FakeBotApi } from '../support/fake-bot-api/index.js';
import { asSuperuser, freshDatabase } from '../support/postgres-database.js';
import { waitUntil } from '../support/wait-until.js';

/** An instance's start (its pool, its roles, its first getUpdates) on a loaded machine: more than the usual two seconds. */
const STARTING = { timeoutMs: 20_000 };
import { loseConfirmations, pollsBy, repliesPerUpdate, startPollingInstance, type PollingInstance } from './polling-instance.js';

const ALICE = { id: 7101, firstName: 'Alice' };
const BOB = { id: 7102, firstName: 'Bob' };
const CAROL = { id: 7103, firstName: 'Carol' };

/**
 * Two instances in polling mode on one PostgreSQL, each with its own pool
 * and roles as two processes would have: the holder of the polling role
 * fetches and stores, and when it loses the role (its connection ended by
 * the server) the standby takes over and is given again what the first
 * fetched but never confirmed. Each update is handled once, and the first
 * sends no getUpdates once it has lost the role.
 */
let url: string;
const dbs: PgDb[] = [];
const roles: Roles[] = [];
let telegram: FakeBotApi;
const running: PollingInstance[] = [];

// A database of each test's own: the fake Bot API numbers updates from 1 again.
beforeEach(async () => {
  url = await freshDatabase('polling_queue');
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((instance) => instance.stop()));
  await Promise.all(roles.splice(0).map((r) => r.close()));
  await Promise.all(dbs.splice(0).map(closePostgres));
  await telegram?.close();
});

async function instance(name: string, options: { handlerMs?: number } = {}): Promise<PollingInstance> {
  const db = await openPostgres(url);
  dbs.push(db);
  const own = await createPostgresRoles(db.$client, { instance: name, host: `host-${name}`, pid: dbs.length });
  roles.push(own);
  const started = await startPollingInstance(name, telegram, {
    updateQueue: createUpdateQueueStore({ database: databaseOf(db), clock: systemClock }),
    pollingRole: own.lock('polling'),
    ...options,
  });
  running.push(started);
  return started;
}

/** Ends the server session holding the polling role, as a network failure between that instance and the database would. */
async function endPollingRoleConnection(db: PgDb): Promise<void> {
  const { rows } = await db.$client.query<{ value: string }>("select value from app_state where key = 'role.polling'");
  const backendPid = (JSON.parse(rows[0]!.value) as { backendPid: number }).backendPid;
  await asSuperuser((client) => client.query('select pg_terminate_backend($1)', [backendPid]));
}

async function takeRole(own: Roles): Promise<void> {
  const deadline = systemClock.now() + 5_000;
  while (!(await own.lock('polling').tryTake())) {
    if (systemClock.now() > deadline) throw new Error('the polling role was not freed');
    await systemClock.sleep(20);
  }
}

const updateIdsOf = (sent: { message_id: number; chat: { id: number } }[]) =>
  sent.map((message) => telegram.pendingUpdates().find((u) => u.message?.message_id === message.message_id && u.message.chat.id === message.chat.id)!.update_id);

describe('two instances polling in turn through the update queue on PostgreSQL', () => {
  it('handles each update once when the poller loses its role before confirming what it fetched, and the loser polls no more', async () => {
    telegram = await createFakeBotApi();
    // Waiting before the first starts: fetched in one batch.
    const ids = updateIdsOf([telegram.sendText(ALICE, 'one'), telegram.sendText(BOB, 'two'), telegram.sendText(ALICE, 'three'), telegram.sendText(CAROL, 'four')]);
    const lost = loseConfirmations(telegram);
    const first = await instance('first', { handlerMs: 300 });
    const second = await instance('second');
    expect(first.serving.taking().polling).toBe(true);
    expect(second.serving.taking().polling).toBe(false);
    // Stored, and some in hand at the first's worker (its handlers take a while): none confirmed.
    await waitUntil(() => first.handled.length >= 1, 'the first instance starts handling', STARTING);

    await endPollingRoleConnection(dbs[0]!);
    await waitUntil(() => first.logs.find((line) => line.msg === 'stopped the work of this role'), 'the first instance stops polling', { timeoutMs: 5_000 });
    const lostAt = systemClock.now();
    lost.off();
    // The first would take the role again at its next try, as readily as the standby: the standby is let in first.
    await takeRole(roles[1]!);
    await waitUntil(() => second.serving.taking().polling, 'the standby takes the polling role', { timeoutMs: 5_000 });
    await waitUntil(() => second.logs.filter((line) => line.msg === 'update fetched again; already taken').length === ids.length, 'the standby is given the four updates again');
    await waitUntil(() => telegram.pendingUpdates().length === 0, 'the standby confirms them');
    telegram.sendText(BOB, 'five');
    await waitUntil(() => repliesPerUpdate(telegram, [ALICE.id, BOB.id, CAROL.id]).size === ids.length + 1, 'every update is answered');
    // Longer than the first's pause between retries of a failed getUpdates: it would have tried again by now.
    await systemClock.sleep(3_500);

    const replies = repliesPerUpdate(telegram, [ALICE.id, BOB.id, CAROL.id]);
    expect([...replies.values()].every((n) => n === 1)).toBe(true);
    for (const id of ids) expect(replies.get(id)).toBe(1);
    expect([...first.handled, ...second.handled].sort()).toEqual([...replies.keys()].sort());
    // The first polls no more once it knows it lost the role; the second polls and was never cut off by a 409.
    expect(pollsBy(telegram, 'first').filter((call) => call.at > lostAt)).toEqual([]);
    expect(pollsBy(telegram, 'second').every((call) => call.response === undefined || call.response.ok)).toBe(true);
    expect(first.serving.taking().polling).toBe(false);
  });

  it('hands over at a clean stop at once, and the standby handles each update the stopped one had fetched but not confirmed once', async () => {
    telegram = await createFakeBotApi();
    const ids = updateIdsOf([telegram.sendText(ALICE, 'one'), telegram.sendText(BOB, 'two')]);
    const lost = loseConfirmations(telegram);
    const first = await instance('first');
    const second = await instance('second');
    // Either instance's worker may take a stored update (the queue is shared); the first, which stored them, mostly does.
    const handled = () => [...first.handled, ...second.handled];
    await waitUntil(() => handled().length === 2, 'both updates are handled', STARTING);
    const handledBySecond = [...second.handled];
    lost.off();
    await first.stop();
    running.splice(running.indexOf(first), 1);
    await waitUntil(() => second.serving.taking().polling, 'the standby takes the polling role', { timeoutMs: 5_000 });
    await waitUntil(() => telegram.pendingUpdates().length === 0, 'the standby confirms both');
    expect(second.logs.filter((line) => line.msg === 'update fetched again; already taken')).toHaveLength(2);
    // Given them again after the takeover, the standby handles neither a second time.
    expect(second.handled).toEqual(handledBySecond);
    expect(handled().sort()).toEqual([...ids].sort());
    expect([...repliesPerUpdate(telegram, [ALICE.id, BOB.id]).entries()].sort()).toEqual(ids.map((id) => [id, 1]));
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { exclusiveRoles } from '../../src/db/roles.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createUpdateQueueStore } from '../../src/db/update-queue-store.js';
import { createFakeBotApi, type FakeBotApi } from '../support/fake-bot-api/index.js';
import { memoryDb } from '../support/memory-db.js';
import { waitUntil } from '../support/wait-until.js';
import { loseConfirmations, pollsBy, repliesPerUpdate, startPollingInstance, type PollingInstance } from './polling-instance.js';

const ALICE = { id: 7001, firstName: 'Alice' };
const BOB = { id: 7002, firstName: 'Bob' };

/**
 * Polling mode on SQLite (one instance): updates go through the update
 * queue as in webhook mode, so a restart that is given again the updates
 * the previous run fetched but never confirmed handles none of them twice.
 */
describe('polling through the update queue on SQLite', () => {
  let telegram: FakeBotApi;
  const running: PollingInstance[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((instance) => instance.stop()));
    await telegram?.close();
  });

  it('handles each update once across a restart that fetches the unconfirmed updates again', async () => {
    telegram = await createFakeBotApi();
    const db = memoryDb();
    const roles = () => exclusiveRoles({ instance: 'only', host: 'h', pid: 1, since: 0 }).lock('polling');
    // Fetched in one batch by the first run, whose confirmations never reach Telegram.
    const sent = [telegram.sendText(ALICE, 'one'), telegram.sendText(BOB, 'two'), telegram.sendText(ALICE, 'three')];
    const ids = sent.map((message) => telegram.pendingUpdates().find((u) => u.message?.message_id === message.message_id && u.message.chat.id === message.chat.id)!.update_id);
    const lost = loseConfirmations(telegram);

    const first = await startPollingInstance('first', telegram, { updateQueue: createUpdateQueueStore({ database: databaseOf(db), clock: systemClock }), pollingRole: roles() });
    running.push(first);
    await waitUntil(() => first.handled.length === 3 && repliesPerUpdate(telegram, [ALICE.id, BOB.id]).size === 3, 'the first run handles the three updates');
    await first.stop();
    running.splice(running.indexOf(first), 1);
    // Telegram still has them: the restart is given them again.
    expect(telegram.pendingUpdates().map((u) => u.update_id)).toEqual(ids);
    lost.off();

    const second = await startPollingInstance('second', telegram, { updateQueue: createUpdateQueueStore({ database: databaseOf(db), clock: systemClock }), pollingRole: roles() });
    running.push(second);
    await waitUntil(() => second.logs.filter((line) => line.msg === 'update fetched again; already taken').length === 3, 'the restart recognises the three updates');
    // A new update after the restart is handled, once.
    telegram.sendText(BOB, 'four');
    await waitUntil(() => second.handled.length === 1, 'the restart handles the new update');
    await waitUntil(() => telegram.pendingUpdates().length === 0, 'the restart confirms every update');

    expect(first.handled).toEqual(ids);
    expect(second.handled).toHaveLength(1);
    expect(second.handled).not.toContain(ids[0]);
    const replies = repliesPerUpdate(telegram, [ALICE.id, BOB.id]);
    expect([...replies.keys()].sort()).toEqual([...ids, second.handled[0]!].sort());
    expect([...replies.values()].every((n) => n === 1)).toBe(true);
    expect(pollsBy(telegram, 'second')[0]?.payload['offset']).toBe(0);
  });

  it('confirms no update it could not store: while the database refuses it, no further getUpdates is sent', async () => {
    telegram = await createFakeBotApi();
    const store = createUpdateQueueStore({ database: databaseOf(memoryDb()), clock: systemClock });
    let refusals = 2;
    // The database refuses the first two writes, as a locked or unreachable one would.
    const refuse = () => {
      if (refusals === 0) return;
      refusals -= 1;
      throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    };
    // Whichever way the update is stored: claimed as it is stored (the poller's way while a slot is free) or not.
    const failing: typeof store = {
      ...store,
      accept: async (update) => (refuse(), store.accept(update)),
      acceptAndClaim: async (update, holder, leaseMs) => (refuse(), store.acceptAndClaim(update, holder, leaseMs)),
    };
    telegram.sendText(ALICE, 'one');
    const only = await startPollingInstance('only', telegram, { updateQueue: failing, pollingRole: exclusiveRoles({ instance: 'only', host: 'h', pid: 1, since: 0 }).lock('polling') });
    running.push(only);
    await waitUntil(() => only.logs.find((line) => line.msg === 'could not store a fetched update; fetching no more until it is stored'), 'the poller meets the refusal');
    expect(telegram.pendingUpdates()).toHaveLength(1);
    expect(pollsBy(telegram, 'only').map((call) => call.payload['offset'])).toEqual([0]);
    // The handler's reply reaches Telegram a moment after the handler is counted: waited for, not assumed.
    await waitUntil(
      () => only.handled.length === 1 && telegram.pendingUpdates().length === 0 && repliesPerUpdate(telegram, [ALICE.id]).size === 1,
      'stored at the third try, then handled, answered and confirmed',
      { timeoutMs: 5_000 },
    );
    expect(refusals).toBe(0);
    expect(repliesPerUpdate(telegram, [ALICE.id]).size).toBe(1);
  });

  it('keeps polling when a handler fails, and handles the chat\'s next update', async () => {
    telegram = await createFakeBotApi();
    const db = memoryDb();
    const only = await startPollingInstance('only', telegram, {
      updateQueue: createUpdateQueueStore({ database: databaseOf(db), clock: systemClock }),
      pollingRole: exclusiveRoles({ instance: 'only', host: 'h', pid: 1, since: 0 }).lock('polling'),
    });
    running.push(only);
    telegram.failNext('sendMessage', { code: 500, description: 'Internal Server Error' });
    telegram.sendText(ALICE, 'one');
    await waitUntil(() => only.handled.length === 1, 'the first update reaches its handler');
    telegram.sendText(ALICE, 'two');
    await waitUntil(() => repliesPerUpdate(telegram, [ALICE.id]).size === 1 && only.handled.length === 2, 'the second update is answered');
    expect(telegram.pendingUpdates()).toEqual([]);
  });
});

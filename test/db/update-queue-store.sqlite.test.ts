import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createSqliteUpdateQueueStore } from '../../src/db/update-queue-store.js';
import { callerLeaseTime } from './contract/lease-time.js';
import { chatUpdate, updateQueueStoreContract } from './contract/update-queue-store.contract.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

updateQueueStoreContract('SQLite', async (clock) => {
  const db = openDb(':memory:');
  opened.push(db);
  return { store: createSqliteUpdateQueueStore({ db, clock }), leases: callerLeaseTime };
});

describe('the update queue on SQLite after a process died', () => {
  it('releases at start every claim the dead process held, and never one of its own', async () => {
    const db = openDb(':memory:');
    opened.push(db);
    const dead = createSqliteUpdateQueueStore({ db, clock: systemClock });
    await dead.accept(chatUpdate(1, 7));
    await dead.accept(chatUpdate(2, 8));
    expect((await dead.claim('dead', 60_000))?.updateId).toBe(1);

    const restarted = createSqliteUpdateQueueStore({ db, clock: systemClock });
    const own = await restarted.claim('new', 60_000);
    expect(own?.updateId).toBe(2);
    expect(await restarted.releaseOrphans()).toBe(1);
    // The dead process's update is runnable at once, long before its lease would end; this process's own claim stays.
    expect(await restarted.claim('new', 60_000)).toMatchObject({ updateId: 1, attempts: 2 });
    expect(await restarted.releaseOrphans()).toBe(0);
    expect(await restarted.done(own!.claimToken, 2)).toBe(true);
  });
});

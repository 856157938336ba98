import { afterAll, describe, expect, it } from 'vitest';
import { createSessionPrefetch } from '../../src/bot/session-prefetch.js';
import { systemClock } from '../../src/clock.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createSessionStore, type SessionStore } from '../../src/db/session-store.js';
import type { ChangeCounts } from '../../src/db/change-counters.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

function world() {
  const db = openDb(':memory:');
  opened.push(db);
  const store = createSessionStore<{ step: string }>({ database: databaseOf(db), clock: systemClock });
  return { store, prefetch: createSessionPrefetch(store) };
}

/** `store` as a database that reads the change counters with the state (PostgreSQL's), `counts` being the counters, its reads counted. */
function readingWithCounts(store: SessionStore<{ step: string }>, counts: ChangeCounts) {
  let reads = 0;
  const both: Pick<SessionStore<{ step: string }>, 'read' | 'write' | 'delete' | 'readWithCounts'> = {
    read: (key) => (reads++, store.read(key)),
    write: (key, value) => store.write(key, value),
    delete: (key) => store.delete(key),
    readWithCounts: async (key) => (reads++, { value: await store.read(key), counts }),
  };
  return { both, reads: () => reads };
}

describe('the conversation state read at the start of a chat\'s turn', () => {
  it('is what the first read of that key gets, and later reads go to the database again', async () => {
    const { store, prefetch } = world();
    await store.write('c:1', { step: 'menu' });
    prefetch.start('c:1');
    // Written behind the prefetch's back (another connection): the started read already has the older value.
    await store.write('c:1', { step: 'category' });
    expect(await prefetch.store.read('c:1')).toEqual({ step: 'menu' });
    expect(await prefetch.store.read('c:1')).toEqual({ step: 'category' });
  });

  it('is dropped by a write or a delete made through it, so a read never answers older than that write', async () => {
    const { store, prefetch } = world();
    await store.write('c:1', { step: 'menu' });
    prefetch.start('c:1');
    await prefetch.store.write('c:1', { step: 'summary' });
    expect(await prefetch.store.read('c:1')).toEqual({ step: 'summary' });
    prefetch.start('c:1');
    await prefetch.store.delete('c:1');
    expect(await prefetch.store.read('c:1')).toBeUndefined();
  });

  it('is forgotten at the end of the update when nobody took it, and never answers another key', async () => {
    const { store, prefetch } = world();
    await store.write('c:1', { step: 'menu' });
    await store.write('c:2', { step: 'other' });
    const { forget } = prefetch.start('c:1');
    expect(await prefetch.store.read('c:2')).toEqual({ step: 'other' });
    forget();
    await store.write('c:1', { step: 'next update' });
    expect(await prefetch.store.read('c:1')).toEqual({ step: 'next update' });
  });

  it('hands on the change counters a store reads with the state, in the one read, when asked to', async () => {
    const { store } = world();
    await store.write('c:1', { step: 'menu' });
    const counts: ChangeCounts = { staff: 3, people: 1, settings: 0, pause: 2, catalog: 7, prices: 4, favourites: 5 };
    const { both, reads } = readingWithCounts(store, counts);
    const started = createSessionPrefetch(both, { withCounts: true }).start('c:1');
    expect(await started.counts).toEqual(counts);
    // Not asked for counts (no freshness check to give them to): the plain read, and none handed on.
    const plain = createSessionPrefetch(both).start('c:1');
    expect(plain.counts).toBeNull();
    expect(reads()).toBe(2);
  });

  it("takes what the update's claim read ahead instead of reading, state and counters, once", async () => {
    const { store } = world();
    await store.write('c:1', { step: 'in the database' });
    const counts: ChangeCounts = { staff: 1, people: 2, settings: 3, pause: 4, catalog: 5, prices: 6, favourites: 7 };
    const { both, reads } = readingWithCounts(store, counts);
    const prefetch = createSessionPrefetch(both, { withCounts: true });
    const started = prefetch.start('c:1', { value: { step: 'read ahead' }, counts: { ...counts, catalog: 9 } });
    expect(await started.counts).toEqual({ ...counts, catalog: 9 });
    expect(await prefetch.store.read('c:1')).toEqual({ step: 'read ahead' });
    expect(reads()).toBe(0);
    // Taken once: the next read goes to the database.
    expect(await prefetch.store.read('c:1')).toEqual({ step: 'in the database' });
    expect(reads()).toBe(1);
  });

  it('reads the counters apart when the store cannot read them with the state (SQLite, whose counters never move)', () => {
    const { store } = world();
    expect(createSessionPrefetch(store, { withCounts: true }).start('c:1').counts).toBeNull();
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { createSessionPrefetch } from '../../src/bot/session-prefetch.js';
import { systemClock } from '../../src/clock.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createSqliteSessionStore } from '../../src/db/session-store.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

function world() {
  const db = openDb(':memory:');
  opened.push(db);
  const store = createSqliteSessionStore<{ step: string }>({ db, clock: systemClock });
  return { store, prefetch: createSessionPrefetch(store) };
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
    const forget = prefetch.start('c:1');
    expect(await prefetch.store.read('c:2')).toEqual({ step: 'other' });
    forget();
    await store.write('c:1', { step: 'next update' });
    expect(await prefetch.store.read('c:1')).toEqual({ step: 'next update' });
  });
});

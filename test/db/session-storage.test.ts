import type { StorageAdapter } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createSqliteStorage } from '../../src/db/session-storage.js';

interface Session {
  step: string;
  draft: { productId: number; note: string | null };
}

describe('SQLite session storage', () => {
  const opened: Db[] = [];
  afterEach(() => opened.splice(0).forEach(closeDb));

  function setup(db = openDb(':memory:')) {
    opened.push(db);
    return createSqliteStorage<Session>({ db, clock: systemClock });
  }

  it('reads back what was written', () => {
    const storage = setup();
    const value: Session = { step: 'region', draft: { productId: 101, note: 'گیفت' } };
    storage.write('42', value);
    expect(storage.read('42')).toEqual(value);
  });

  it('serves as grammY’s storage adapter', async () => {
    const adapter: StorageAdapter<Session> = setup();
    await adapter.write('9', { step: 'fields', draft: { productId: 103, note: null } });
    expect(await adapter.read('9')).toEqual({ step: 'fields', draft: { productId: 103, note: null } });
  });

  it('gives undefined for a key that was never written', () => {
    expect(setup().read('nobody')).toBeUndefined();
  });

  it('replaces the value on a second write', () => {
    const storage = setup();
    storage.write('42', { step: 'region', draft: { productId: 101, note: null } });
    storage.write('42', { step: 'confirm', draft: { productId: 102, note: null } });
    expect(storage.read('42')).toEqual({ step: 'confirm', draft: { productId: 102, note: null } });
  });

  it('forgets a deleted key and leaves the others', () => {
    const storage = setup();
    storage.write('1', { step: 'a', draft: { productId: 1, note: null } });
    storage.write('2', { step: 'b', draft: { productId: 2, note: null } });
    storage.delete('1');
    expect(storage.read('1')).toBeUndefined();
    expect(storage.read('2')?.step).toBe('b');
  });

  it('keeps sessions in the bot_sessions table as JSON', () => {
    const db = openDb(':memory:');
    const storage = setup(db);
    storage.write('7', { step: 'x', draft: { productId: 3, note: null } });
    const row = db.$client.prepare('select value from bot_sessions where key = ?').get('7') as { value: string };
    expect(JSON.parse(row.value)).toEqual({ step: 'x', draft: { productId: 3, note: null } });
  });
});

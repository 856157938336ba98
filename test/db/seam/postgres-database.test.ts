import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePostgres, openPostgres, type PgDb } from '../../../src/db/postgres/open.js';
import { databaseOf } from '../../../src/db/seam/database-of.js';
import { freshDatabase } from '../../support/postgres-database.js';

let db: PgDb;
beforeAll(async () => {
  db = await openPostgres(await freshDatabase('seam'));
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

const row = (key: string, value: string) => ({ key, value, updatedAt: new Date(1_700_000_000_000) });

/** Two transactions started together; the first waits for `letGo` before it ends. Returns the order things happened in. */
async function twoAtOnce(run: (work: () => Promise<void>) => Promise<void>, second: (work: () => Promise<void>) => Promise<void>) {
  const seen: string[] = [];
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  const first = run(async () => {
    seen.push('first in');
    await held;
    seen.push('first out');
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  const other = second(async () => {
    seen.push('second in');
  });
  // Long enough for the second to get in, were it not held.
  await new Promise((resolve) => setTimeout(resolve, 300));
  letGo();
  await Promise.all([first, other]);
  return seen;
}

describe('the PostgreSQL side of the storage seam', () => {
  it('is one seam per pool, however often it is asked for', () => {
    expect(databaseOf(db)).toBe(databaseOf(db));
  });

  it('takes money transactions one at a time', async () => {
    const database = databaseOf(db);
    const seen = await twoAtOnce(
      (work) => database.write(work),
      (work) => database.write(work),
    );
    expect(seen).toEqual(['first in', 'first out', 'second in']);
  });

  it('takes two holders of one named lock one after the other, and two names side by side', async () => {
    const database = databaseOf(db);
    const locked = (name: string) => (work: () => Promise<void>) =>
      database.transaction(async (tx) => {
        await database.holdLock(tx, name);
        await work();
      });
    expect(await twoAtOnce(locked('seam:a'), locked('seam:a'))).toEqual(['first in', 'first out', 'second in']);
    expect(await twoAtOnce(locked('seam:a'), locked('seam:b'))).toEqual(['first in', 'second in', 'first out']);
  });

  it('rolls back what a transaction wrote when its work throws', async () => {
    const database = databaseOf(db);
    const { appState } = database.tables;
    await expect(
      database.transaction(async (tx) => {
        await tx.insert(appState).values(row('seam-rollback', '1'));
        throw new Error('judged no');
      }),
    ).rejects.toThrow('judged no');
    expect(await database.q.select().from(appState)).toEqual([]);
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseOf } from '../../../src/db/seam/database-of.js';
import { TransactionOverError } from '../../../src/db/seam/sqlite-database.js';
import { memoryDb } from '../../support/memory-db.js';

const row = (key: string, value: string) => ({ key, value, updatedAt: new Date(1_700_000_000_000) });

describe('the SQLite side of the storage seam', () => {
  it('is one seam per connection, however often it is asked for', () => {
    const db = memoryDb();
    expect(databaseOf(db)).toBe(databaseOf(db));
  });

  it('keeps a single statement out of an open transaction: it runs after the commit, in the order asked', async () => {
    const database = databaseOf(memoryDb());
    const { appState } = database.tables;
    const seen: string[] = [];
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const transaction = database.transaction(async (tx) => {
      await tx.insert(appState).values(row('a', '"in"'));
      seen.push('transaction wrote');
      await held;
      seen.push('transaction ends');
    });
    await new Promise((resolve) => setImmediate(resolve));
    const outside = database.q.select().from(appState).then((rows) => seen.push(`outside read ${rows.length}`));
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['transaction wrote']);
    letGo();
    await Promise.all([transaction, outside]);
    expect(seen).toEqual(['transaction wrote', 'transaction ends', 'outside read 1']);
  });

  it('rolls back everything a transaction wrote when its work throws, and lets the next one in', async () => {
    const database = databaseOf(memoryDb());
    const { appState } = database.tables;
    await expect(
      database.write(async (tx) => {
        await tx.insert(appState).values(row('a', '1'));
        throw new Error('judged no');
      }),
    ).rejects.toThrow('judged no');
    expect(await database.q.select().from(appState)).toEqual([]);
    await database.write(async (tx) => tx.insert(appState).values(row('b', '2')));
    expect((await database.q.select({ key: appState.key }).from(appState)).map((r) => r.key)).toEqual(['b']);
  });

  it("refuses a transaction's builder once its transaction has ended", async () => {
    const database = databaseOf(memoryDb());
    const { appState } = database.tables;
    const kept = await database.transaction(async (tx) => tx);
    // drizzle reports a failed query with the driver's error as its cause.
    const failed = await kept.select().from(appState).where(eq(appState.key, 'a')).then(() => null, (error: unknown) => error);
    expect((failed as { cause?: unknown } | null)?.cause).toBeInstanceOf(TransactionOverError);
  });
});

import { eq, ne } from 'drizzle-orm';
import { createSharedChangeCounterStore } from '../../../src/db/shared-change-counters.js';
import { appState as syncAppState } from '../../../src/db/schema.js';
import { describe, expect, it } from 'vitest';
import { databaseOf } from '../../../src/db/seam/database-of.js';
import { OutsideTheSeamError, TransactionOverError } from '../../../src/db/seam/sqlite-database.js';
import { memoryDb } from '../../support/memory-db.js';

const row = (key: string, value: string) => ({ key, value, updatedAt: new Date(1_700_000_000_000) });

describe('the SQLite side of the storage seam', () => {
  it('is one seam per connection, however often it is asked for', () => {
    const db = memoryDb();
    expect(databaseOf(db)).toBe(databaseOf(db));
  });

  it("has none of PostgreSQL's shared tables: a shared strategy built over it is refused at once", () => {
    const database = databaseOf(memoryDb());
    expect(database.sharedTables).toBeNull();
    expect(() => createSharedChangeCounterStore({ database })).toThrow(/PostgreSQL's; this database is sqlite/);
  });

  it('joins a table with itself under its own alias', async () => {
    const database = databaseOf(memoryDb());
    const { appState } = database.tables;
    await database.q.insert(appState).values([row('a', '1'), row('b', '2')]);
    const other = database.alias(appState, 'other');
    const pairs = await database.q.select({ key: appState.key, otherKey: other.key }).from(appState).innerJoin(other, ne(appState.key, other.key)).orderBy(appState.key);
    expect(pairs).toEqual([{ key: 'a', otherKey: 'b' }, { key: 'b', otherKey: 'a' }]);
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

  describe('owns its connection: nothing past it runs inside its transaction', () => {
    /** Runs `past` while a seam transaction is open (between two of its statements); what `past` threw, or null. */
    async function pastTheSeam(db: ReturnType<typeof memoryDb>, past: () => unknown) {
      const database = databaseOf(db);
      const { appState } = database.tables;
      let thrown: unknown = null;
      await database.transaction(async (tx) => {
        await tx.insert(appState).values(row('in', '"tx"')).onConflictDoNothing();
        try {
          past();
        } catch (error) {
          thrown = error;
        }
        await tx.insert(appState).values(row('also', '"tx"')).onConflictDoNothing();
      });
      return { thrown, keys: db.$client.prepare<[], { key: string }>('select key from app_state order by key').all().map((r) => r.key) };
    }

    it('refuses a statement through the synchronous drizzle handle, and the transaction commits its own work alone', async () => {
      const db = memoryDb();
      const { thrown, keys } = await pastTheSeam(db, () => db.insert(syncAppState).values(row('past', '"sync"')).run());
      expect(thrown).toBeInstanceOf(OutsideTheSeamError);
      expect((thrown as Error).message).toMatch(/outside the storage seam while a seam transaction was open/);
      expect(keys).toEqual(['also', 'in']);
    });

    it('refuses prepare, exec, pragma, a transaction function and the online backup on the connection itself', async () => {
      const db = memoryDb();
      const client = db.$client;
      const attempts: Array<() => unknown> = [
        () => client.prepare("insert into app_state (key, value, updated_at) values ('past', '1', 0)").run(),
        () => client.exec("insert into app_state (key, value, updated_at) values ('past', '1', 0)"),
        () => client.pragma('user_version = 7'),
        () => client.transaction(() => client.exec("insert into app_state (key, value, updated_at) values ('past', '1', 0)")).immediate(),
        () => client.serialize(),
        () => void client.backup('/nonexistent/never-written.sqlite'),
      ];
      for (const attempt of attempts) {
        const { thrown } = await pastTheSeam(db, attempt);
        expect(thrown).toBeInstanceOf(OutsideTheSeamError);
      }
      expect(client.pragma('user_version', { simple: true })).toBe(0);
      expect(client.prepare<[], { n: number }>("select count(*) as n from app_state where key = 'past'").get()?.n).toBe(0);
    });

    it('refuses a statement prepared before the transaction opened and run while it is open', async () => {
      const db = memoryDb();
      const kept = db.$client.prepare("insert into app_state (key, value, updated_at) values ('past', '1', 0)");
      const keptQuery = db.select().from(syncAppState).prepare();
      expect((await pastTheSeam(db, () => kept.run())).thrown).toBeInstanceOf(OutsideTheSeamError);
      expect((await pastTheSeam(db, () => keptQuery.all())).thrown).toBeInstanceOf(OutsideTheSeamError);
      // Once no seam transaction is open, the same statements run.
      kept.run();
      expect(keptQuery.all().map((r) => r.key).sort()).toEqual(['also', 'in', 'past']);
    });

    it('lets a statement past the seam run while no seam transaction is open: it is atomic on its own', async () => {
      const db = memoryDb();
      const database = databaseOf(db);
      db.insert(syncAppState).values(row('sync', '1')).run();
      db.transaction((tx) => tx.insert(syncAppState).values(row('sync-tx', '1')).run(), { behavior: 'immediate' });
      expect((await database.q.select({ key: database.tables.appState.key }).from(database.tables.appState)).map((r) => r.key).sort()).toEqual(['sync', 'sync-tx']);
    });

    it('refuses to run its own statements or transactions inside a transaction begun past it', async () => {
      const db = memoryDb();
      const database = databaseOf(db);
      const { appState } = database.tables;
      db.$client.exec('BEGIN');
      const single = await database.q.insert(appState).values(row('seam', '1')).then(() => null, (error: unknown) => error);
      expect((single as { cause?: unknown } | null)?.cause).toBeInstanceOf(OutsideTheSeamError);
      await expect(database.transaction(async (tx) => tx.insert(appState).values(row('seam', '1')))).rejects.toBeInstanceOf(OutsideTheSeamError);
      db.$client.exec('ROLLBACK');
      await database.q.insert(appState).values(row('seam', '1'));
      expect(await database.q.select({ key: appState.key }).from(appState)).toEqual([{ key: 'seam' }]);
    });
  });
});

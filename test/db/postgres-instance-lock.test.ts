import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AnotherInstanceError } from '../../src/db/instance-lock.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { claimPostgresInstance, type PostgresInstanceClaim } from '../../src/db/postgres/instance-lock.js';
import { asSuperuser, freshDatabase } from '../support/postgres-database.js';
import { waitUntil } from '../support/wait-until.js';

/** Two instances on one database: two pools, as two processes would have. */
let url: string;
let db: PgDb;
const pools: pg.Pool[] = [];
const claims: PostgresInstanceClaim[] = [];

beforeAll(async () => {
  url = await freshDatabase('instance_lock');
  db = await openPostgres(url);
});
afterEach(async () => {
  await Promise.all(claims.splice(0).map((claim) => claim.release()));
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

function pool(): pg.Pool {
  const created = new pg.Pool({ connectionString: url, max: 2 });
  pools.push(created);
  return created;
}

async function claim(owner: string, from = pool(), pid = 1000): Promise<PostgresInstanceClaim> {
  const claimed = await claimPostgresInstance(from, { owner, host: `host-${owner}`, pid, holderWaitMs: 500 });
  claims.push(claimed);
  return claimed;
}

describe('the single-instance rule on PostgreSQL', () => {
  it('lets exactly one of two racing instances claim the database', async () => {
    const results = await Promise.allSettled([claim('first', pool(), 1), claim('second', pool(), 2)]);
    const won = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toBeInstanceOf(AnotherInstanceError);
    const winner = (won[0] as PromiseFulfilledResult<PostgresInstanceClaim>).value.holder;
    expect(refused[0]!.reason.message).toContain(`${winner.owner} (host ${winner.host}, pid ${winner.pid})`);
  });

  it('refuses a second instance with a message naming the holder', async () => {
    await claim('giftdesk-a', pool(), 4242);
    const refusal = claim('giftdesk-b');
    await expect(refusal).rejects.toBeInstanceOf(AnotherInstanceError);
    await expect(refusal).rejects.toThrow('another giftdesk is running on this database: giftdesk-a (host host-giftdesk-a, pid 4242) holds it');
  });

  it('lets another instance claim the database once the holder released it', async () => {
    const first = await claim('first');
    await first.release();
    const second = await claim('second');
    expect(second.holder.owner).toBe('second');
    await expect(claim('third')).rejects.toThrow('second (host host-second');
  });

  it('forgets the holder when it releases', async () => {
    const first = await claim('first');
    await first.release();
    const { rows } = await db.$client.query("select value from app_state where key = 'instance.holder'");
    expect(rows).toEqual([]);
  });

  it('lets another instance claim the database once the holder’s connection was ended by the server', async () => {
    const lostWith: Error[] = [];
    const first = await claimPostgresInstance(pool(), { owner: 'first', onLost: (error) => lostWith.push(error) });
    claims.push(first);
    await asSuperuser((client) => client.query('select pg_terminate_backend($1)', [first.holder.backendPid]));
    await waitUntil(() => first.lost, 'the holder notices its connection is gone');
    expect(lostWith).toHaveLength(1);
    // The server frees the lock as the ended backend exits: at once, or within a few tries.
    let second: PostgresInstanceClaim | null = null;
    for (let attempt = 0; second === null && attempt < 20; attempt++) {
      second = await claim('second').catch((error: unknown) => {
        if (error instanceof AnotherInstanceError) return null;
        throw error;
      });
    }
    expect(second?.holder.owner).toBe('second');
  });

  it('holds the lock on a connection of its own, not one of the pool’s', async () => {
    const from = pool();
    await claim('first', from);
    expect(from.totalCount).toBe(0);
  });
});

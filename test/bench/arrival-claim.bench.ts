/**
 * An update's first two reads on PostgreSQL, as the program makes them
 * when the poller stores an update: the statement that stores and claims
 * it, then the chat's conversation state with the change counters
 * (readWithCounts), two round trips; against the same claim with the state
 * and counters read in its own statement (sessionReadAhead), one. In the
 * same run, alternating, on a throwaway server, 50 chats with a state of
 * about 500 bytes each.
 *
 *   npm run bench:arrival   (BENCH_UPDATES=4000 per path)
 *
 * Prints per update p50 / p95 / max in milliseconds, and the ratio of the
 * one-trip path to the two.
 */
import { performance } from 'node:perf_hooks';
import { systemClock } from '../../src/clock.js';
import { postgresStores } from '../../src/db/postgres-stores.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createUpdateQueueStore, type UpdateQueueStore } from '../../src/db/update-queue-store.js';
import { chatUpdate } from '../db/contract/update-queue-store.contract.js';
import { benchPostgres } from './postgres-bench.js';

const UPDATES = Number(process.env['BENCH_UPDATES'] ?? 4_000);
const ROUNDS = 10;
const CHATS = 50;

const server = await benchPostgres();
try {
  const stores = postgresStores({ db: server.db, clock: systemClock });
  const withRead = stores.updateQueue;
  const withoutRead = createUpdateQueueStore({ database: databaseOf(server.db), clock: systemClock });
  const sessions = stores.sessions;
  for (let chat = 0; chat < CHATS; chat++) await sessions.write(`conversation:${chat}`, { step: 'category', page: 3, cart: 'x'.repeat(450), chat });

  let updateId = 1;
  /** Stores and claims one update of `chat`, reads what its handler reads first, and marks it done (not timed). */
  async function arrive(queue: UpdateQueueStore, chat: number, separateRead: boolean): Promise<number> {
    const key = `conversation:${chat}`;
    const started = performance.now();
    const claim = await queue.acceptAndClaim(chatUpdate(updateId++, chat), 'bench', 60_000, key);
    if (typeof claim === 'string') throw new Error(`not claimed: ${claim}`);
    if (separateRead) await sessions.readWithCounts!(key);
    else if (claim.readAhead?.key !== key) throw new Error('nothing read with the claim');
    const spent = performance.now() - started;
    await queue.done(claim.claimToken, claim.updateId);
    return spent;
  }

  const samples = { two: [] as number[], one: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < UPDATES / ROUNDS; i++) {
      samples.two.push(await arrive(withoutRead, i % CHATS, true));
      samples.one.push(await arrive(withRead, i % CHATS, false));
    }
  }

  const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const figures = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted.at(-1)! };
  };
  const two = figures(samples.two);
  const one = figures(samples.one);
  console.log(`an update's claim and first read on PostgreSQL, ${UPDATES} updates per path, ${CHATS} chats, ms per update`);
  const row = (path: string, f: ReturnType<typeof figures>) => `${path.padEnd(40)}${f.p50.toFixed(2).padStart(6)} ${f.p95.toFixed(2).padStart(6)} ${f.max.toFixed(1).padStart(6)}`;
  console.log(`${'round trips'.padEnd(40)}${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'max'.padStart(6)}`);
  console.log(row('2: claim, then state and counters', two));
  console.log(row('1: claim reading state and counters', one));
  console.log(`one ÷ two: p50 ${(one.p50 / two.p50).toFixed(2)}×, p95 ${(one.p95 / two.p95).toFixed(2)}×`);
} finally {
  await server.close();
}

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/postgres-database.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, STAFF, startWorld, type World } from './harness.js';
import { cardsOf, DELIVERY_WAIT_MS, orderThroughChat, posts, referenceIn, sandboxOrder, spoilers, waitForDelivery } from './order-steps.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/ };

/** `npm run db:copy` as an operator runs it: the built script, in its own process. */
function dbCopy(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${ROOT}dist/ops/db-copy.js`, ...args], { env: { PATH: process.env.PATH ?? '' }, cwd: ROOT });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/**
 * Moving up: a SQLite installation with an order still open, a pause and a
 * spending limit is stopped, copied into PostgreSQL with db:copy, and
 * started again on PostgreSQL, where it carries on as if nothing happened.
 */
describe('moving a SQLite installation up to PostgreSQL', () => {
  let world: World;
  let url = '';
  let reference = '';
  const chat = () => chatDriver(world.telegram, STAFF);
  const admin = () => chatDriver(world.telegram, ADMIN);

  beforeAll(async () => {
    // Slow enough that the order is still open when the process stops.
    world = await startWorld({ process: true, sandbox: { timing: { preparingMs: 4_000, processingMs: 4_000 } }, staff: [STAFF] });
    url = await freshDatabase('move_up');
  });
  afterAll(async () => {
    if (process.env.DUMP_BOT) console.log(world?.bot.output());
    await world?.close();
  });

  it('copies the stopped database and carries on from PostgreSQL: the open order delivered once, the limit and the pause kept', async () => {
    await admin().say(`/limits ${STAFF.id} day 10000000`, /Per day: 10,000,000 IRR/);
    reference = referenceIn(await orderThroughChat(world, STAFF, { ...GOOGLE_PLAY, quantity: 1 }));
    await admin().say('/pause wallet audit', /^Ordering is paused\./);
    const before = posts(world);
    expect(await world.bot.stop()).toBe(0);

    const copied = await dbCopy([url, '--from', world.databasePath]);
    expect(copied.output).toMatch(/copied \d+ rows in \d+ tables/);
    expect(copied.code).toBe(0);

    await world.restart({ DATABASE_PATH: '', DATABASE_URL: url });
    expect(world.bot.logs().find((line) => line.msg === 'giftdesk is running')).toMatchObject({ database: 'postgresql' });

    // The order that was open on SQLite is followed from PostgreSQL and its codes arrive once.
    const parts = await waitForDelivery(world, STAFF.id, reference);
    for (const card of cardsOf(sandboxOrder(world, reference))) expect(parts.flatMap(spoilers)).toContain(card.code);
    // The pause and the limit came along.
    await chat().say('/order', /^Ordering is paused since/);
    await admin().say('/limits', new RegExp(`${STAFF.firstName}: Per day 10,000,000 IRR`));
    expect(posts(world)).toBe(before);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ state: string }>('select state from orders where provider_reference = $1', [reference]);
      expect(rows).toEqual([{ state: 'completed' }]);
    } finally {
      await client.end();
    }
  }, 90_000);

  it('refuses a second copy into the database the moved installation now runs on', async () => {
    const second = await dbCopy([url, '--from', world.databasePath]);
    expect(second.code).toBe(2);
    expect(second.output).toMatch(/is not empty/);
  }, DELIVERY_WAIT_MS);
});

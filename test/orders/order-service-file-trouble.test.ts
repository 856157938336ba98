import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseFileError } from '../../src/db/database-file-error.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createOrderStore, type OrderStore } from '../../src/db/order-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { silentLogger } from '../../src/logger.js';
import { createOrderService } from '../../src/orders/order-service.js';
import { OrderNotStoredError } from '../../src/orders/place-errors.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { createManualClock } from '../support/manual-clock.js';
import { googlePlayInput } from '../support/order-fixtures.js';

/**
 * The SQLite file refusing writes under the order service (read-only here:
 * `query_only` makes SQLite answer SQLITE_READONLY as a read-only file
 * does, where root would write through file permissions). Nothing is
 * sent without its claim written, and the next order after the cause is
 * gone is placed, on the same connection.
 */
describe('orders on a SQLite file that cannot be written', () => {
  const cleanups: (() => void | Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup(wrap: (store: OrderStore, db: Db) => OrderStore = (store) => store, beforeClaim?: () => void) {
    const sandbox = await createSandbox({ rateLimit: false });
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-file-trouble-'));
    const path = join(dir, 'giftdesk.sqlite');
    const db = openDb(path);
    cleanups.push(() => sandbox.close(), () => rmSync(dir, { recursive: true, force: true }), () => closeDb(db));
    const clock = createManualClock(1_700_000_000_000);
    const store = createOrderStore({ database: databaseOf(db), clock, ...(beforeClaim ? { beforeClaim } : {}) });
    const service = createOrderService({
      orders: wrap(store, db),
      provider: createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1000 }),
      clock,
      logger: silentLogger,
      sandbox: true,
    });
    const posts = () => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/orders').length;
    const states = () => (db.$client.prepare('select state from orders order by id').all() as { state: string }[]).map((row) => row.state);
    return { db, path, service, posts, states };
  }

  it('refuses an order it cannot record, naming the file and the cause, and places the next one once the file can be written', async () => {
    const { db, path, service, posts, states } = await setup();
    db.$client.pragma('query_only = ON');

    const refused = await service.createIntentAndPlace(googlePlayInput('c-read-only')).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(OrderNotStoredError);
    expect((refused as Error).message).toBe(`the order was not sent: cannot write the database file ${path}: it is read-only or may not be opened for writing (permissions, or a read-only file system) (SQLITE_READONLY)`);
    expect(posts()).toBe(0);

    db.$client.pragma('query_only = OFF');
    expect((await service.createIntentAndPlace(googlePlayInput('c-writable-again'))).kind).toBe('placed');
    expect(posts()).toBe(1);
    expect(states()).toEqual(['in_progress']);
  });

  it('sends nothing when the claim cannot be written after its intent was', async () => {
    const { service, posts, states } = await setup((store, db) => ({
      ...store,
      claimForPlacing: (...args) => {
        // The file turns read-only between the intent and its claim.
        db.$client.pragma('query_only = ON');
        return store.claimForPlacing(...args);
      },
    }));

    await expect(service.createIntentAndPlace(googlePlayInput('c-claim-refused'))).rejects.toBeInstanceOf(OrderNotStoredError);
    expect(posts()).toBe(0);
    // The intent stays an intent: never claimed, and closed as not placed by the repair at the next start.
    expect(states()).toEqual(['intent']);
  });

  it('sends nothing when the claim is refused because the file is gone', async () => {
    const { service, posts, states } = await setup(undefined, () => {
      throw new DatabaseFileError('/gone/giftdesk.sqlite', 'gone', null);
    });

    const refused = await service.createIntentAndPlace(googlePlayInput('c-gone')).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(OrderNotStoredError);
    expect((refused as OrderNotStoredError).file.trouble).toBe('gone');
    expect(posts()).toBe(0);
    expect(states()).toEqual(['intent']);
  });
});

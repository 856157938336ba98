import { createServer, type Server } from 'node:http';
import { createCatalogStore } from '../../src/db/catalog-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogSync, describeSyncError } from '../../src/catalog/catalog-sync.js';
import { systemClock } from '../../src/clock.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { silentLogger } from '../../src/logger.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox, SANDBOX_PRODUCTS, type Sandbox } from '../../src/sandbox/server.js';
import { unusedPort } from '../support/unused-port.js';

const SEED_PRODUCT_COUNT = 32;

describe('catalog sync', () => {
  const sandboxes: Sandbox[] = [];
  const opened: Db[] = [];
  const servers: Server[] = [];
  afterEach(async () => {
    opened.splice(0).forEach(closeDb);
    await Promise.all(sandboxes.splice(0).map((s) => s.close()));
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  });

  /** A provider that answers every request with an empty list. */
  async function startEmptyProvider(): Promise<{ baseUrl: string; apiKey: string }> {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'success', code: 200, message: 'ok', data: [] }));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { baseUrl: `http://127.0.0.1:${port}/api/v1`, apiKey: 'empty-provider-key' };
  }

  async function startSandbox(catalogSize: number): Promise<Sandbox> {
    const sandbox = await createSandbox({ catalogSize, rateLimit: false });
    sandboxes.push(sandbox);
    return sandbox;
  }

  function syncFor(sandbox: { baseUrl: string; apiKey: string }, db: Db) {
    const provider = createProviderClient({
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.apiKey,
      requestsPerSecond: 1000,
      maxAttempts: 1,
    });
    return createCatalogSync({ provider, store: createCatalogStore({ database: databaseOf(db), clock: systemClock }), clock: systemClock, logger: silentLogger });
  }

  function freshDb(): Db {
    const db = openDb(':memory:');
    opened.push(db);
    return db;
  }

  function productIds(db: Db): number[] {
    return db.$client
      .prepare('select id from products order by position')
      .all()
      .map((row) => (row as { id: number }).id);
  }

  it('stores every product of a catalog larger than the page cap, in the provider order', async () => {
    const sandbox = await startSandbox(300);
    const db = freshDb();
    const result = await syncFor(sandbox, db).syncNow();
    expect(result).toEqual({ ok: true, products: 300 + SEED_PRODUCT_COUNT, categories: 8, removed: 0 });
    const ids = productIds(db);
    expect(ids).toHaveLength(300 + SEED_PRODUCT_COUNT);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const pages = sandbox.requests.filter((r) => r.path === '/products');
    expect(pages.length).toBeGreaterThanOrEqual(7);
  });

  it('holds only what it stores of each product while the listing is read', async () => {
    // The whole listing is held until its last page; the image addresses and any field giftdesk does not know stay behind.
    const sandbox = await startSandbox(60);
    const db = freshDb();
    const store = createCatalogStore({ database: databaseOf(db), clock: systemClock });
    const held: object[] = [];
    const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1000, maxAttempts: 1 });
    const sync = createCatalogSync({
      provider,
      store: { ...store, write: (snapshot, options) => (held.push(...snapshot.products), store.write(snapshot, options)) },
      clock: systemClock,
      logger: silentLogger,
    });
    expect(await sync.syncNow()).toMatchObject({ ok: true, products: 60 + SEED_PRODUCT_COUNT });
    expect(new Set(held.map((product) => Object.keys(product).sort().join(',')))).toEqual(new Set(['categoryId,id,isAvailable,title']));
    expect(productIds(db)).toHaveLength(60 + SEED_PRODUCT_COUNT);
  });

  it('removes products that vanished from the provider on the next sync', async () => {
    const big = await startSandbox(300);
    const small = await startSandbox(0);
    const db = freshDb();
    await syncFor(big, db).syncNow();
    const result = await syncFor(small, db).syncNow();
    expect(result).toEqual({ ok: true, products: SEED_PRODUCT_COUNT, categories: 8, removed: 300 });
    expect(productIds(db)).toHaveLength(SEED_PRODUCT_COUNT);
  });

  it('keeps the previous catalog and records a safe error when a sync fails', async () => {
    const sandbox = await startSandbox(0);
    const db = freshDb();
    const sync = syncFor(sandbox, db);
    await sync.syncNow();
    const before = (await sync.status());
    sandbox.controls.setForbidden(true);

    const result = await sync.syncNow();

    expect(result).toMatchObject({ ok: false, kept: SEED_PRODUCT_COUNT });
    expect(productIds(db)).toHaveLength(SEED_PRODUCT_COUNT);
    const after = (await sync.status());
    expect(after).toEqual({
      lastSuccessAt: before.lastSuccessAt,
      lastError: expect.stringMatching(/^ProviderForbiddenError: GET \/products\/categories: provider answered 403/) as unknown,
      productCount: SEED_PRODUCT_COUNT,
    });
    expect(after.lastError).not.toContain(sandbox.apiKey);
  });

  it('says a failed sync on a new database kept no catalog, since there was none', async () => {
    const port = await unusedPort();
    const sync = syncFor({ baseUrl: `http://127.0.0.1:${port}/api/v1`, apiKey: 'key' }, freshDb());
    const result = await sync.syncNow();
    expect(result).toMatchObject({ ok: false, kept: 0 });
    // Its first run has ended, in failure: the catalog is empty, not loading, and /order says so.
    expect(await sync.loading()).toBe(false);
  });

  it('refuses to replace a catalog with an empty answer', async () => {
    const sandbox = await startSandbox(0);
    const db = freshDb();
    await syncFor(sandbox, db).syncNow();
    const sync = syncFor(await startEmptyProvider(), db);

    const result = await sync.syncNow();

    expect(result.ok).toBe(false);
    expect(productIds(db)).toHaveLength(SEED_PRODUCT_COUNT);
    expect((await sync.status()).lastError).toBe('EmptyCatalogError: the provider listed no products');
  });

  it('clears the recorded error after the next successful sync', async () => {
    const sandbox = await startSandbox(0);
    const db = freshDb();
    const sync = syncFor(sandbox, db);
    sandbox.controls.setForbidden(true);
    await sync.syncNow();
    expect((await sync.status())).toMatchObject({ lastSuccessAt: null, lastError: expect.stringContaining('ProviderForbiddenError: GET /products/categories: provider answered 403') as unknown, productCount: 0 });
    sandbox.controls.setForbidden(false);
    await sync.syncNow();
    expect((await sync.status())).toMatchObject({ lastError: null, productCount: SEED_PRODUCT_COUNT });
    expect((await sync.status()).lastSuccessAt).not.toBeNull();
  });

  it('shares one run between overlapping calls', async () => {
    const sandbox = await startSandbox(0);
    const sync = syncFor(sandbox, freshDb());
    const [first, second] = await Promise.all([sync.syncNow(), sync.syncNow()]);
    expect(second).toBe(first);
    expect(sandbox.requests.filter((r) => r.path === '/products/categories')).toHaveLength(1);
  });

  it('makes a synced Persian title searchable with Arabic letters and Latin digits', async () => {
    const sandbox = await startSandbox(0);
    const db = freshDb();
    await syncFor(sandbox, db).syncNow();
    const found = await createCatalogStore({ database: databaseOf(db), clock: systemClock }).search({ query: 'كارت گوگل پلي 10', page: 1, pageSize: 10 });
    expect(found.items.map((p) => p.title)).toEqual(['گیفت کارت گوگل پلی ۱۰ دلاری']);
  });

  it('keeps the provider availability and category of each product', async () => {
    const sandbox = await startSandbox(0);
    const db = freshDb();
    await syncFor(sandbox, db).syncNow();
    const queries = createCatalogStore({ database: databaseOf(db), clock: systemClock });
    expect(await queries.product(SANDBOX_PRODUCTS.outOfStock)).toMatchObject({ categoryId: 4, isAvailable: false });
    expect(await queries.product(SANDBOX_PRODUCTS.noFields)).toMatchObject({ categoryId: 1, isAvailable: true });
  });

  it('reports loading until the first sync of an empty database has ended, and not while a refresh runs', async () => {
    const sandbox = await startSandbox(0);
    const db = freshDb();
    const sync = syncFor(sandbox, db);
    // The first run is ahead (the background work starts a moment after the bot answers): loading, not empty.
    expect((await sync.loading())).toBe(true);
    const first = sync.syncNow();
    expect((await sync.loading())).toBe(true);
    await first;
    expect((await sync.loading())).toBe(false);
    const refresh = sync.syncNow();
    // A catalog is stored: a refresh serves it meanwhile.
    expect((await sync.loading())).toBe(false);
    await refresh;
  });

  it('reports loading while the first sync has stored only its first products, whose categories come with its last chunk', async () => {
    const sandbox = await startSandbox(0);
    const db = freshDb();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let rests = 0;
    const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1000, maxAttempts: 1 });
    // Chunks of ten products; the writer's first rest between chunks waits for the gate.
    const store = createCatalogStore({ database: databaseOf(db), clock: systemClock, chunkSize: 10, rest: () => (++rests === 1 ? gate : Promise.resolve()) });
    const sync = createCatalogSync({ provider, store, clock: systemClock, logger: silentLogger });
    const first = sync.syncNow();
    while (rests === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // Some products are in, no category yet: a menu now would be empty.
    expect(await store.productCount()).toBeGreaterThan(0);
    expect(await sync.loading()).toBe(true);
    release();
    await first;
    expect(await sync.loading()).toBe(false);
  });

  it('reports loading on another instance while the first sync of an empty database runs on the background one', async () => {
    const sandbox = await startSandbox(0);
    const db = freshDb();
    const background = syncFor(sandbox, db);
    const elsewhere = syncFor(sandbox, db);
    const first = background.syncNow();
    // The mark is written before the first request to the provider, which the run then awaits.
    let seen = false;
    for (let i = 0; i < 50 && !seen; i++) {
      seen = await elsewhere.loading();
      if (!seen) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(seen).toBe(true);
    await first;
    expect(await elsewhere.loading()).toBe(false);
  });

  it('stops a run when shutdown aborts it, without recording a failure or touching the catalog', async () => {
    const sandbox = await startSandbox(0);
    sandbox.controls.setCatalogLatency(10_000);
    const db = freshDb();
    const shutdown = new AbortController();
    const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1000, maxAttempts: 1 });
    const sync = createCatalogSync({ provider, store: createCatalogStore({ database: databaseOf(db), clock: systemClock }), clock: systemClock, logger: silentLogger, signal: shutdown.signal });
    const run = sync.syncNow();
    await expect.poll(() => sandbox.requests.length).toBe(1);
    const started = Date.now();
    shutdown.abort();
    expect((await run).ok).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await sync.status())).toEqual({ lastSuccessAt: null, lastError: null, productCount: 0 });
  });

  it('describes a failed sync by its cause: error code and host, never the key', async () => {
    const port = await unusedPort();
    const db = openDb(':memory:');
    opened.push(db);
    const apiKey = 'sk_live_never_shown_1234';
    const result = await syncFor({ baseUrl: `http://127.0.0.1:${port}/api/v1`, apiKey }, db).syncNow();

    expect(result.ok).toBe(false);
    const reason = describeSyncError(result.ok ? null : result.error);
    expect(reason).toContain('ECONNREFUSED');
    expect(reason).toContain(`127.0.0.1:${port}`);
    expect(reason).not.toContain(apiKey);
  });
});


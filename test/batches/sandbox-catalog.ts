import { afterEach, beforeEach } from 'vitest';
import { batchCatalog } from '../../src/batches/batch-catalog.js';
import type { BatchCatalog } from '../../src/batches/batch-check.js';
import { readBatchFile, type BatchRow } from '../../src/batches/batch-file.js';
import { createCatalogStore, type CatalogStore } from '../../src/db/catalog-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createCatalogSync } from '../../src/catalog/catalog-sync.js';
import { systemClock } from '../../src/clock.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { silentLogger } from '../../src/logger.js';
import { createProviderClient, type ProviderClient } from '../../src/provider/client.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/server.js';

/**
 * The catalog a batch is checked against, as the bot has it: the provider
 * sandbox over HTTP, its catalog synced into a SQLite store, and the batch
 * lookup built on both. Started before each test of the file that calls it.
 */
export function sandboxCatalog(options: { catalogSize?: number } = {}): {
  readonly catalog: BatchCatalog;
  readonly provider: ProviderClient;
  readonly store: CatalogStore;
  readonly sandbox: Sandbox;
  /** How many product details were read from the provider since the test began. */
  detailReads(): number;
} {
  let sandbox: Sandbox;
  let db: Db;
  let provider: ProviderClient;
  let store: CatalogStore;
  let catalog: BatchCatalog;
  let before = 0;
  beforeEach(async () => {
    sandbox = await createSandbox({ rateLimit: false, ...(options.catalogSize ? { catalogSize: options.catalogSize } : {}) });
    db = openDb(':memory:');
    store = createCatalogStore({ database: databaseOf(db), clock: systemClock });
    provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1_000 });
    await createCatalogSync({ provider, store, clock: systemClock, logger: silentLogger }).syncNow();
    catalog = batchCatalog({ catalog: store, provider });
    before = reads();
  });
  afterEach(async () => {
    closeDb(db);
    await sandbox.close();
  });
  const reads = () => sandbox.requests.filter((r) => /^\/products\/\d+$/.test(r.path)).length;
  return {
    get catalog() {
      return catalog;
    },
    get provider() {
      return provider;
    },
    get store() {
      return store;
    },
    get sandbox() {
      return sandbox;
    },
    detailReads: () => reads() - before,
  };
}

/** A file as a spreadsheet in a Persian locale saves it: BOM, semicolons, CRLF. */
export function spreadsheetFile(lines: readonly (readonly string[])[]): Uint8Array {
  const cell = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return new TextEncoder().encode(`\uFEFF${lines.map((line) => line.map(cell).join(';')).join('\r\n')}\r\n`);
}

/** The header and rows of a file that must read. */
export async function readOk(bytes: Uint8Array, maxRows = 500): Promise<{ header: string[]; rows: BatchRow[] }> {
  const file = await readBatchFile(bytes, { maxRows });
  if (!file.ok) throw new Error(`the file was refused: ${file.reason}`);
  return file;
}

import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../../src/clock.js';
import { createSqliteCatalogStore } from '../../src/catalog/catalog-store.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { catalogStoreContract } from './contract/catalog-store.contract.js';
import { hiddenCatalogContract } from './contract/catalog-hidden.contract.js';
import { CATALOG_AUDIT_SQL, catalogAuditOf } from './contract/catalog-audit.js';
import type { AuditRowText } from '../db/contract/subjects.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));
let current: Db | undefined;

catalogStoreContract('SQLite', {
  async fresh() {
    const db = openDb(':memory:');
    opened.push(db);
    current = db;
    return (options) => createSqliteCatalogStore({ db, clock: systemClock, ...options });
  },
  stateText: async (key) =>
    current!.$client.prepare<[string], { value: string }>('select value from app_state where key = ?').get(key)?.value,
});

hiddenCatalogContract('SQLite', {
  async fresh() {
    const db = openDb(':memory:');
    opened.push(db);
    current = db;
    return createSqliteCatalogStore({ db, clock: systemClock, rest: async () => undefined });
  },
  audit: async () => catalogAuditOf(current!.$client.prepare<[], AuditRowText>(CATALOG_AUDIT_SQL).all()),
});

describe('SQLite search: the hits of a search kept until the catalog changes', () => {
  it('lets them go when another connection (a script, a repair) changes the database', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'giftdesk-kept-')), 'bot.sqlite');
    const db = openDb(file);
    const other = openDb(file);
    opened.push(db, other);
    const store = createSqliteCatalogStore({ db, clock: systemClock, rest: async () => undefined });
    await store.write({
      categories: [{ id: 1, title: 'Games', parentId: null }],
      products: [1, 2, 3].map((id) => ({ id, title: `Steam Wallet ${id}`, categoryId: 1, isAvailable: true, imageUrl: null })),
    });
    const ids = async () => (await store.search({ query: 'steam', page: 1, pageSize: 8 })).items.map((p) => p.id);
    expect(await ids()).toEqual([1, 2, 3]);
    other.$client.prepare(`insert into catalog_hidden (kind, item_id, title, hidden_by, hidden_at) values ('product', 2, 'Steam Wallet 2', null, 0)`).run();
    expect(await ids()).toEqual([1, 3]);
  });
});

import { afterAll } from 'vitest';
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

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { onTestFinished, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { createCatalogStore, UNCATEGORISED_ID } from '../../src/db/catalog-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { normaliseSearchText } from '../../src/text/search-text.js';
import { closeDb, openDb } from '../../src/db/open.js';

const MIGRATIONS = fileURLToPath(new URL('../../migrations/sqlite', import.meta.url));

/** A database migrated by an older release: every migration before the one whose tag ends with `firstLeftOut`. */
function databaseBefore(firstLeftOut: string): { path: string; sqlite: Database.Database } {
  const dir = mkdtempSync(join(tmpdir(), 'giftdesk-upgrade-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const older = join(dir, 'migrations');
  cpSync(MIGRATIONS, older, { recursive: true });
  const journalPath = join(older, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const first = journal.entries.findIndex((entry) => entry.tag.endsWith(firstLeftOut));
  expect(first).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, first) }));

  const path = join(dir, 'giftdesk.sqlite');
  const sqlite = new Database(path);
  migrate(drizzle(sqlite), { migrationsFolder: older });
  return { path, sqlite };
}

/** A database as the release before the kept counts and the search index left it, holding a catalog. */
function databaseBeforeTheIndex(): string {
  const { path, sqlite } = databaseBefore('_catalog_counts');
  const category = sqlite.prepare('insert into categories (id, title, parent_id, position) values (?, ?, null, ?)');
  category.run(3, 'Steam', 0);
  category.run(8, 'Streaming', 1);
  const product = sqlite.prepare('insert into products (id, title, search_text, category_id, is_available, position) values (?, ?, ?, ?, 1, ?)');
  [
    [10, 'Netflix 30 USD', 8],
    [20, 'استیم والت ۲۰', 3],
    [21, 'Steam Wallet 50', 3],
    [30, 'Mystery box', 99],
  ].forEach(([id, title, categoryId], position) => product.run(id, title, normaliseSearchText(String(title)), categoryId, position));
  sqlite.close();
  return path;
}

describe('upgrading a database that holds a catalog', () => {
  it('serves the stored catalog at once, with its category counts and search, before any sync', async () => {
    const db = openDb(databaseBeforeTheIndex());
    onTestFinished(() => closeDb(db));
    const queries = createCatalogStore({ database: databaseOf(db), clock: systemClock });
    expect((await queries.categoriesPage({ page: 1, pageSize: 10 })).items).toEqual([
      { id: 3, title: 'Steam', productCount: 2 },
      { id: 8, title: 'Streaming', productCount: 1 },
      { id: UNCATEGORISED_ID, title: '', productCount: 1 },
    ]);
    expect((await queries.productsPage({ categoryId: UNCATEGORISED_ID, page: 1, pageSize: 10 })).items.map((p) => p.id)).toEqual([30]);
    expect((await queries.search({ query: 'نتفلیکس', page: 1, pageSize: 10 })).items.map((p) => p.id)).toEqual([10]);
    expect((await queries.search({ query: 'steam', page: 1, pageSize: 10 })).items.map((p) => p.id)).toEqual([20, 21]);
  });
});

describe('upgrading a database whose search index has no prefix lists', () => {
  it('keeps every indexed product findable, by whole words and by the start of one', async () => {
    const { path, sqlite } = databaseBefore('_search_prefix_index');
    sqlite.prepare("insert into categories (id, title, parent_id, position) values (3, 'Steam', null, 0)").run();
    const product = sqlite.prepare('insert into products (id, title, search_text, category_id, bucket_id, is_available, position) values (?, ?, ?, 3, 3, 1, ?)');
    const indexed = sqlite.prepare('insert into products_fts (rowid, title, category) values (?, ?, ?)');
    [
      [20, 'استیم والت ۲۰'],
      [21, 'Steam Wallet 50'],
    ].forEach(([id, title], position) => {
      product.run(id, title, normaliseSearchText(String(title)), position);
      indexed.run(id, normaliseSearchText(String(title)), 'steam');
    });
    sqlite.close();

    const db = openDb(path);
    onTestFinished(() => closeDb(db));
    const queries = createCatalogStore({ database: databaseOf(db), clock: systemClock });
    const found = async (query: string) => (await queries.search({ query, page: 1, pageSize: 10 })).items.map((p) => p.id);
    expect(await found('steam')).toEqual([20, 21]);
    expect(await found('wal 5')).toEqual([21]);
    expect(await found('والت')).toEqual([20]);
    const definition = db.$client.prepare<[], { sql: string }>("select sql from sqlite_master where name = 'products_fts'").get();
    expect(definition?.sql).toContain("prefix = '1 2 3 4 5 6'");
  });
});

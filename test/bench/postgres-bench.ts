import pg from 'pg';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { startPostgresCluster, stopPostgresCluster } from '../support/postgres-cluster.js';

/**
 * A PostgreSQL database for a benchmark run outside vitest: a throwaway
 * server of its own (the one the tests' global set-up starts, see
 * postgres-cluster.ts), one database on it, migrated by openPostgres.
 * `close` stops the server and removes its folder.
 */
export async function benchPostgres(): Promise<{ db: PgDb; url: string; close: () => Promise<void> }> {
  const cluster = startPostgresCluster();
  const url = (database: string) => `postgresql://postgres@/${database}?host=${encodeURIComponent(cluster.root)}`;
  try {
    const admin = new pg.Client({ connectionString: url('postgres') });
    await admin.connect();
    try {
      await admin.query('create database giftdesk_bench');
    } finally {
      await admin.end();
    }
    const db = await openPostgres(url('giftdesk_bench'));
    return {
      db,
      url: url('giftdesk_bench'),
      close: async () => {
        await closePostgres(db).catch(() => undefined);
        stopPostgresCluster(cluster);
      },
    };
  } catch (error) {
    stopPostgresCluster(cluster);
    throw error;
  }
}

import type { TestProject } from 'vitest/node';
import { startPostgresCluster, stopPostgresCluster, type PostgresCluster } from './postgres-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Unix socket folder of the run's PostgreSQL server; see postgres-database.ts. */
    postgresSocketDir: string;
  }
}

/**
 * Vitest global set-up: a PostgreSQL server of the run's own (see
 * postgres-cluster.ts), its socket folder provided to the tests.
 */

// Shared by the projects of one run (unit, e2e), should vitest run this set-up once for each.
const shared = globalThis as { giftdeskPostgres?: PostgresCluster & { users: number } };

export default function startPostgres(project: TestProject): () => void {
  const server = (shared.giftdeskPostgres ??= { ...startPostgresCluster(), users: 0 });
  server.users += 1;
  project.provide('postgresSocketDir', server.root);
  return () => {
    server.users -= 1;
    if (server.users > 0) return;
    shared.giftdeskPostgres = undefined;
    stopPostgresCluster(server);
  };
}

import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import {
  decideProviderIdentity,
  normaliseProvider,
  providerOfCounts,
  PROVIDER_IDENTITY_KEY,
  type ProviderIdentityStore,
} from '../provider-identity.js';
import type { PgDb } from './open.js';
import { appState, orders } from './schema.js';

/**
 * The provider a PostgreSQL database belongs to, in app_state as on
 * SQLite (the value as JSON text). The claim takes app_state in SHARE ROW
 * EXCLUSIVE mode for its transaction, so that two processes starting
 * together cannot record two providers.
 */
export function createPostgresProviderIdentity(deps: { db: PgDb; clock: Clock }): ProviderIdentityStore {
  const { db, clock } = deps;
  return {
    claim(baseUrl) {
      const configured = normaliseProvider(baseUrl);
      return db.transaction(async (tx) => {
        await tx.execute(sql`lock table app_state in share row exclusive mode`);
        const row = (await tx.select({ value: appState.value }).from(appState).where(eq(appState.key, PROVIDER_IDENTITY_KEY)))[0];
        const recorded = row ? (JSON.parse(row.value) as string) : null;
        let fromOrders: ReturnType<typeof providerOfCounts> = 'none';
        if (recorded === null) {
          const counts = (
            await tx
              .select({
                sandbox: sql<string>`count(*) filter (where ${orders.sandbox})`,
                live: sql<string>`count(*) filter (where not ${orders.sandbox})`,
              })
              .from(orders)
          )[0];
          fromOrders = providerOfCounts(Number(counts?.sandbox ?? 0), Number(counts?.live ?? 0));
        }
        const check = decideProviderIdentity(configured, recorded, fromOrders);
        if (check.kind === 'recorded') {
          const value = JSON.stringify(configured);
          const updatedAt = new Date(clock.now());
          await tx
            .insert(appState)
            .values({ key: PROVIDER_IDENTITY_KEY, value, updatedAt })
            .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt } });
        }
        return check;
      });
    },
  };
}

import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Database, Query } from './seam/database.js';

/** app_state key holding the provider this database belongs to. */
export const PROVIDER_IDENTITY_KEY = 'provider.identity';

/** What a database can belong to: 'sandbox', a normalised live base URL, or a live provider whose URL was never recorded. */
export type ProviderIdentity = string;
export const SANDBOX_IDENTITY = 'sandbox';
/** Orders of an older database say "not sandbox" but not which URL. */
export const UNKNOWN_LIVE_IDENTITY = 'live';

export type ProviderIdentityCheck =
  | { kind: 'same' | 'recorded'; provider: ProviderIdentity }
  | { kind: 'other'; recorded: ProviderIdentity; configured: ProviderIdentity };

/**
 * The form in which a provider is recorded and compared: 'sandbox', or the
 * base URL's scheme, lower-case host, port and path without trailing
 * slashes. Credentials, query and fragment are dropped: they are not part
 * of which provider it is, and a secret must not be stored or printed.
 */
export function normaliseProvider(baseUrl: string): ProviderIdentity {
  if (baseUrl === SANDBOX_IDENTITY) return SANDBOX_IDENTITY;
  const url = new URL(baseUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Which provider a database belongs to, as every database answers it. */
export interface ProviderIdentityStore {
  /**
   * Makes sure the database belongs to the configured provider, recording
   * it on first start. Orders, provider order ids and reconciliation
   * windows of one provider mean nothing to another: a sandbox order polled
   * against the live API, or a live order id colliding with a sandbox one,
   * loses money.
   *
   * A database from before this record takes the provider its orders say
   * (each order knows whether it was a sandbox order); one holding both
   * kinds belongs to neither.
   */
  claim(baseUrl: string): Promise<ProviderIdentityCheck>;
}

/**
 * The provider a database belongs to, in app_state (the value as JSON
 * text). The claim is one transaction holding the key's lock (the one the
 * app state store's updates hold), so that two processes starting together
 * cannot record two providers.
 */
export function createProviderIdentity(deps: { database: Database; clock: Clock }): ProviderIdentityStore {
  const { database, clock } = deps;
  const { appState } = database.tables;
  return {
    claim(baseUrl) {
      const configured = normaliseProvider(baseUrl);
      return database.transaction(async (tx) => {
        await database.holdLock(tx, `app_state:${PROVIDER_IDENTITY_KEY}`);
        const [row] = await tx.select({ value: appState.value }).from(appState).where(eq(appState.key, PROVIDER_IDENTITY_KEY));
        const recorded = row ? (JSON.parse(row.value) as string) : null;
        const check = decideProviderIdentity(configured, recorded, recorded === null ? await providerOfOrders(database, tx) : 'none');
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

/**
 * The decision, given what the database holds: the recorded provider (or
 * null) and what its orders say. 'recorded' means the configured provider
 * is to be written down.
 */
export function decideProviderIdentity(
  configured: ProviderIdentity,
  recorded: string | null,
  fromOrders: 'none' | 'sandbox' | 'live' | 'mixed',
): ProviderIdentityCheck {
  if (recorded !== null) {
    return recorded === configured ? { kind: 'same', provider: configured } : { kind: 'other', recorded, configured };
  }
  if (fromOrders === 'mixed') {
    // Whatever is configured now, the other kind of order is still in there.
    return { kind: 'other', recorded: configured === SANDBOX_IDENTITY ? UNKNOWN_LIVE_IDENTITY : SANDBOX_IDENTITY, configured };
  }
  if (fromOrders === 'sandbox' && configured !== SANDBOX_IDENTITY) return { kind: 'other', recorded: SANDBOX_IDENTITY, configured };
  if (fromOrders === 'live' && configured === SANDBOX_IDENTITY) return { kind: 'other', recorded: UNKNOWN_LIVE_IDENTITY, configured };
  return { kind: 'recorded', provider: configured };
}

/** What a database's orders say about its provider, from the counts of sandbox and live orders. */
export function providerOfCounts(sandbox: number, live: number): 'none' | 'sandbox' | 'live' | 'mixed' {
  if (sandbox > 0 && live > 0) return 'mixed';
  if (sandbox > 0) return 'sandbox';
  return live > 0 ? 'live' : 'none';
}

async function providerOfOrders(database: Database, tx: Query): Promise<'none' | 'sandbox' | 'live' | 'mixed'> {
  const { orders } = database.tables;
  const [row] = await tx
    .select({
      // A sum is text on PostgreSQL (bigint) and a number on SQLite: Number reads both.
      sandbox: sql<number | string>`coalesce(sum(case when ${orders.sandbox} then 1 else 0 end), 0)`,
      live: sql<number | string>`coalesce(sum(case when ${orders.sandbox} then 0 else 1 end), 0)`,
    })
    .from(orders);
  return providerOfCounts(Number(row?.sandbox ?? 0), Number(row?.live ?? 0));
}

/** The start-up refusal: names both providers and the way out, never a key. */
export function describeProviderMismatch(
  check: { recorded: ProviderIdentity; configured: ProviderIdentity },
  database: string,
  /** What makes a new database: a new SQLite file, or a new PostgreSQL database. */
  newDatabase = 'set DATABASE_PATH to a new file (giftdesk creates it)',
): string {
  const name = (provider: ProviderIdentity) =>
    provider === SANDBOX_IDENTITY ? 'the sandbox' : provider === UNKNOWN_LIVE_IDENTITY ? 'a live provider' : provider;
  const back =
    check.recorded === UNKNOWN_LIVE_IDENTITY
      ? 'set PROVIDER_BASE_URL back to that provider'
      : `set PROVIDER_BASE_URL back to ${check.recorded === SANDBOX_IDENTITY ? '"sandbox"' : check.recorded}`;
  return (
    `the database ${database} belongs to ${name(check.recorded)}, but PROVIDER_BASE_URL is now ${name(check.configured)}. ` +
    'One database serves one provider, so that the orders of one are never checked or matched against the other. ' +
    `To use ${name(check.configured)}, ${newDatabase}; to keep using this database, ${back}.`
  );
}

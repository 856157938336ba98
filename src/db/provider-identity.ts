import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { createAppStateRepo } from './app-state-repo.js';
import type { Db } from './open.js';
import { orders } from './schema.js';

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

/**
 * Makes sure the database belongs to the configured provider, recording it
 * on first start. Orders, provider order ids and reconciliation windows of
 * one provider mean nothing to another: a sandbox order polled against the
 * live API, or a live order id colliding with a sandbox one, loses money.
 *
 * A database from before this record takes the provider its orders say
 * (each order knows whether it was a sandbox order); one holding both kinds
 * belongs to neither.
 */
export function claimDatabaseForProvider(deps: { db: Db; clock: Clock }, baseUrl: string): ProviderIdentityCheck {
  const configured = normaliseProvider(baseUrl);
  return deps.db.transaction(
    (tx) => {
      const state = createAppStateRepo({ db: tx, clock: deps.clock });
      const recorded = state.get<string>(PROVIDER_IDENTITY_KEY);
      const check = decideProviderIdentity(configured, recorded, recorded === null ? providerOfOrders(tx) : 'none');
      if (check.kind === 'recorded') state.set(PROVIDER_IDENTITY_KEY, configured);
      return check;
    },
    { behavior: 'immediate' },
  );
}

/** Which provider a database belongs to, as every database answers it. */
export interface ProviderIdentityStore {
  /** claimDatabaseForProvider: records the configured provider on first start, compares afterwards. */
  claim(baseUrl: string): Promise<ProviderIdentityCheck>;
}

export function createSqliteProviderIdentity(deps: { db: Db; clock: Clock }): ProviderIdentityStore {
  return { claim: async (baseUrl) => claimDatabaseForProvider(deps, baseUrl) };
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

function providerOfOrders(tx: Pick<Db, 'select'>): 'none' | 'sandbox' | 'live' | 'mixed' {
  const row = tx
    .select({
      sandbox: sql<number>`coalesce(sum(case when ${orders.sandbox} then 1 else 0 end), 0)`,
      live: sql<number>`coalesce(sum(case when ${orders.sandbox} then 0 else 1 end), 0)`,
    })
    .from(orders)
    .get();
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

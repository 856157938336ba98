import { describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createAppStateRepo } from '../../src/db/app-state-repo.js';
import { claimDatabaseForProvider, describeProviderMismatch, normaliseProvider, PROVIDER_IDENTITY_KEY } from '../../src/db/provider-identity.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';
import { intentInput } from '../support/order-fixtures.js';

const LIVE = 'https://Provider.Example/api/v1/';

function setup() {
  const db = memoryDb();
  const clock = createManualClock(Date.UTC(2025, 0, 1));
  return { db, clock, deps: { db, clock } };
}

describe('provider identity of a database', () => {
  it('normalises a live URL to a lower-case host without trailing slashes or credentials', () => {
    expect(normaliseProvider('https://user:secret@Provider.Example:443/api/v1//')).toBe('https://provider.example/api/v1');
    expect(normaliseProvider('sandbox')).toBe('sandbox');
  });

  it('records the configured provider on first start and accepts it afterwards', () => {
    const { db, deps, clock } = setup();
    expect(claimDatabaseForProvider(deps, LIVE)).toEqual({ kind: 'recorded', provider: 'https://provider.example/api/v1' });
    expect(createAppStateRepo({ db, clock }).get(PROVIDER_IDENTITY_KEY)).toBe('https://provider.example/api/v1');
    expect(claimDatabaseForProvider(deps, 'https://provider.example/api/v1')).toEqual({ kind: 'same', provider: 'https://provider.example/api/v1' });
  });

  it('refuses a sandbox database for a live provider', () => {
    const { deps } = setup();
    claimDatabaseForProvider(deps, 'sandbox');
    expect(claimDatabaseForProvider(deps, LIVE)).toEqual({ kind: 'other', recorded: 'sandbox', configured: 'https://provider.example/api/v1' });
  });

  it('refuses a database of one live provider for another', () => {
    const { deps } = setup();
    claimDatabaseForProvider(deps, LIVE);
    expect(claimDatabaseForProvider(deps, 'https://other.example/api/v1').kind).toBe('other');
  });

  it('gives an older database holding only sandbox orders to the sandbox', async () => {
    const { db, clock, deps } = setup();
    await createOrderStore({ database: databaseOf(db), clock }).openIntent(intentInput({ sandbox: true }));
    expect(claimDatabaseForProvider(deps, LIVE)).toMatchObject({ kind: 'other', recorded: 'sandbox' });
    expect(claimDatabaseForProvider(deps, 'sandbox')).toEqual({ kind: 'recorded', provider: 'sandbox' });
  });

  it('gives an older database holding only live orders to the configured live provider, never to the sandbox', async () => {
    const { db, clock, deps } = setup();
    await createOrderStore({ database: databaseOf(db), clock }).openIntent(intentInput({ sandbox: false }));
    expect(claimDatabaseForProvider(deps, 'sandbox')).toEqual({ kind: 'other', recorded: 'live', configured: 'sandbox' });
    expect(claimDatabaseForProvider(deps, LIVE)).toEqual({ kind: 'recorded', provider: 'https://provider.example/api/v1' });
  });

  it('refuses an older database holding both sandbox and live orders', async () => {
    const { db, clock, deps } = setup();
    const repo = createOrderStore({ database: databaseOf(db), clock });
    await repo.openIntent(intentInput({ sandbox: true }));
    await repo.openIntent(intentInput({ sandbox: false, confirmKey: 'k2', fingerprint: 'f2' }));
    expect(claimDatabaseForProvider(deps, LIVE)).toMatchObject({ kind: 'other', recorded: 'sandbox' });
    expect(claimDatabaseForProvider(deps, 'sandbox')).toMatchObject({ kind: 'other', recorded: 'live' });
  });

  it('says which database, both providers and what to do', () => {
    const text = describeProviderMismatch({ recorded: 'sandbox', configured: 'https://provider.example/api/v1' }, './data/x.sqlite');
    expect(text).toContain('./data/x.sqlite belongs to the sandbox');
    expect(text).toContain('PROVIDER_BASE_URL is now https://provider.example/api/v1');
    expect(text).toContain('set DATABASE_PATH to a new file');
    expect(text).toContain('set PROVIDER_BASE_URL back to "sandbox"');
  });
});

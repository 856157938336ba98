import { describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createAppStateStore } from '../../src/db/app-state-store.js';
import { createProviderIdentity, describeProviderMismatch, normaliseProvider, PROVIDER_IDENTITY_KEY } from '../../src/db/provider-identity.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';
import { intentInput } from '../support/order-fixtures.js';

const LIVE = 'https://Provider.Example/api/v1/';

function setup() {
  const db = memoryDb();
  const clock = createManualClock(Date.UTC(2025, 0, 1));
  const identity = createProviderIdentity({ database: databaseOf(db), clock });
  return { db, clock, claim: (baseUrl: string) => identity.claim(baseUrl) };
}

describe('provider identity of a database', () => {
  it('normalises a live URL to a lower-case host without trailing slashes or credentials', () => {
    expect(normaliseProvider('https://user:secret@Provider.Example:443/api/v1//')).toBe('https://provider.example/api/v1');
    expect(normaliseProvider('sandbox')).toBe('sandbox');
  });

  it('records the configured provider on first start and accepts it afterwards', async () => {
    const { db, claim, clock } = setup();
    expect(await claim(LIVE)).toEqual({ kind: 'recorded', provider: 'https://provider.example/api/v1' });
    expect(await createAppStateStore({ database: databaseOf(db), clock }).get(PROVIDER_IDENTITY_KEY)).toBe('https://provider.example/api/v1');
    expect(await claim('https://provider.example/api/v1')).toEqual({ kind: 'same', provider: 'https://provider.example/api/v1' });
  });

  it('refuses a sandbox database for a live provider', async () => {
    const { claim } = setup();
    await claim('sandbox');
    expect(await claim(LIVE)).toEqual({ kind: 'other', recorded: 'sandbox', configured: 'https://provider.example/api/v1' });
  });

  it('refuses a database of one live provider for another', async () => {
    const { claim } = setup();
    await claim(LIVE);
    expect((await claim('https://other.example/api/v1')).kind).toBe('other');
  });

  it('gives an older database holding only sandbox orders to the sandbox', async () => {
    const { db, clock, claim } = setup();
    await createOrderStore({ database: databaseOf(db), clock }).openIntent(intentInput({ sandbox: true }));
    expect(await claim(LIVE)).toMatchObject({ kind: 'other', recorded: 'sandbox' });
    expect(await claim('sandbox')).toEqual({ kind: 'recorded', provider: 'sandbox' });
  });

  it('gives an older database holding only live orders to the configured live provider, never to the sandbox', async () => {
    const { db, clock, claim } = setup();
    await createOrderStore({ database: databaseOf(db), clock }).openIntent(intentInput({ sandbox: false }));
    expect(await claim('sandbox')).toEqual({ kind: 'other', recorded: 'live', configured: 'sandbox' });
    expect(await claim(LIVE)).toEqual({ kind: 'recorded', provider: 'https://provider.example/api/v1' });
  });

  it('refuses an older database holding both sandbox and live orders', async () => {
    const { db, clock, claim } = setup();
    const repo = createOrderStore({ database: databaseOf(db), clock });
    await repo.openIntent(intentInput({ sandbox: true }));
    await repo.openIntent(intentInput({ sandbox: false, confirmKey: 'k2', fingerprint: 'f2' }));
    expect(await claim(LIVE)).toMatchObject({ kind: 'other', recorded: 'sandbox' });
    expect(await claim('sandbox')).toMatchObject({ kind: 'other', recorded: 'live' });
  });

  it('says which database, both providers and what to do', () => {
    const text = describeProviderMismatch({ recorded: 'sandbox', configured: 'https://provider.example/api/v1' }, './data/x.sqlite');
    expect(text).toContain('./data/x.sqlite belongs to the sandbox');
    expect(text).toContain('PROVIDER_BASE_URL is now https://provider.example/api/v1');
    expect(text).toContain('set DATABASE_PATH to a new file');
    expect(text).toContain('set PROVIDER_BASE_URL back to "sandbox"');
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_IDENTITY_KEY, type ProviderIdentityStore } from '../../../src/db/provider-identity.js';

export interface ProviderIdentitySubject {
  store: ProviderIdentityStore;
  /** Adds an order of the given kind, as an older database holds them. */
  addOrder(sandbox: boolean): Promise<void>;
  /** The app_state value of `key` as stored (JSON text), or undefined. */
  stateText(key: string): Promise<string | undefined>;
}

const LIVE = 'https://Provider.Example/api/v1/';
const LIVE_NORMAL = 'https://provider.example/api/v1';

/** `fresh` gives a store over an empty database (no orders, no app_state). */
export function providerIdentityContract(database: string, fresh: () => Promise<ProviderIdentitySubject>): void {
  describe(`provider identity on ${database}`, () => {
    let subject: ProviderIdentitySubject;
    beforeEach(async () => {
      subject = await fresh();
    });

    it('records the configured provider on first start and accepts it afterwards', async () => {
      expect(await subject.store.claim(LIVE)).toEqual({ kind: 'recorded', provider: LIVE_NORMAL });
      expect(await subject.stateText(PROVIDER_IDENTITY_KEY)).toBe(JSON.stringify(LIVE_NORMAL));
      expect(await subject.store.claim(LIVE_NORMAL)).toEqual({ kind: 'same', provider: LIVE_NORMAL });
    });

    it('refuses a sandbox database for a live provider, and one live provider\'s for another', async () => {
      await subject.store.claim('sandbox');
      expect(await subject.store.claim(LIVE)).toEqual({ kind: 'other', recorded: 'sandbox', configured: LIVE_NORMAL });
      expect(await subject.store.claim('sandbox')).toEqual({ kind: 'same', provider: 'sandbox' });
    });

    it('refuses a database of one live provider for another', async () => {
      await subject.store.claim(LIVE);
      expect(await subject.store.claim('https://other.example/api/v1')).toMatchObject({ kind: 'other', recorded: LIVE_NORMAL });
    });

    it('gives an older database holding only sandbox orders to the sandbox', async () => {
      await subject.addOrder(true);
      expect(await subject.store.claim(LIVE)).toMatchObject({ kind: 'other', recorded: 'sandbox' });
      expect(await subject.stateText(PROVIDER_IDENTITY_KEY)).toBeUndefined();
      expect(await subject.store.claim('sandbox')).toEqual({ kind: 'recorded', provider: 'sandbox' });
    });

    it('gives an older database holding only live orders to the configured live provider, never to the sandbox', async () => {
      await subject.addOrder(false);
      expect(await subject.store.claim('sandbox')).toEqual({ kind: 'other', recorded: 'live', configured: 'sandbox' });
      expect(await subject.store.claim(LIVE)).toEqual({ kind: 'recorded', provider: LIVE_NORMAL });
    });

    it('refuses an older database holding both sandbox and live orders', async () => {
      await subject.addOrder(true);
      await subject.addOrder(false);
      expect(await subject.store.claim(LIVE)).toMatchObject({ kind: 'other', recorded: 'sandbox' });
      expect(await subject.store.claim('sandbox')).toMatchObject({ kind: 'other', recorded: 'live' });
      expect(await subject.stateText(PROVIDER_IDENTITY_KEY)).toBeUndefined();
    });

    it('records one provider when two claims race', async () => {
      const results = await Promise.all([subject.store.claim(LIVE), subject.store.claim('sandbox')]);
      expect(results.map((r) => r.kind).sort()).toEqual(['other', 'recorded']);
    });
  });
}

import { describe, expect, it } from 'vitest';
import { syncFailureWords } from '../../../src/bot/sync-failure-words.js';
import { EmptyCatalogError } from '../../../src/catalog/catalog-sync.js';
import { ProviderNetworkError } from '../../../src/provider/errors.js';
import { createI18n } from '../../support/i18n-plugin.js';
import { chatDriver } from '../../e2e/chat-driver.js';
import { ADMIN, startBotWorld } from '../conversations/order/bot-world.js';

describe('/sync when the refresh fails', () => {
  it('says on a new database that no catalog is loaded yet, since there is none to keep', async () => {
    const world = await startBotWorld({ catalogSynced: false });
    world.sandbox.controls.setForbidden(true);
    const answer = await chatDriver(world.telegram, ADMIN).say('/sync', /catalog refresh failed/);
    expect(answer.text).toMatch(/^\[SANDBOX\]\nThe catalog refresh failed, and no catalog has been loaded yet: \/order has nothing to offer until a refresh succeeds\. Reason: the provider refused our API key or this server's IP\./);
  });

  it('says the previous catalog is kept when there is one', async () => {
    const world = await startBotWorld();
    world.sandbox.controls.setForbidden(true);
    const answer = await chatDriver(world.telegram, ADMIN).say('/sync', /catalog refresh failed/);
    expect(answer.text).toMatch(/^\[SANDBOX\]\nThe catalog refresh failed; the previous catalog is kept\. Reason: the provider refused our API key or this server's IP\./);
  });
});

describe('why a catalog refresh failed, in words', () => {
  const t = (key: string, vars?: Record<string, string | number>) => createI18n('en').t('en', key, vars);

  it('names an unreachable provider without an error class', () => {
    const said = syncFailureWords(t, new ProviderNetworkError({ message: 'connect ECONNREFUSED', method: 'GET', path: '/products', timedOut: false, code: 'ECONNREFUSED' }));
    expect(said).toBe('the provider did not answer (down, or unreachable from this server).');
  });

  it('says the provider listed nothing', () => {
    expect(syncFailureWords(t, new EmptyCatalogError('the provider listed no products'))).toMatch(/listed no products at all/);
  });
});

import { describe, expect, it } from 'vitest';
import { chatDriver } from '../../e2e/chat-driver.js';
import { ADMIN, startBotWorld } from '../conversations/order/bot-world.js';

describe('/sync when the refresh fails', () => {
  it('says on a new database that no catalog is loaded yet, since there is none to keep', async () => {
    const world = await startBotWorld({ catalogSynced: false });
    world.sandbox.controls.setForbidden(true);
    const answer = await chatDriver(world.telegram, ADMIN).say('/sync', /catalog refresh failed/);
    expect(answer.text).toMatch(/^\[SANDBOX\]\nThe catalog refresh failed, and no catalog has been loaded yet: \/order has nothing to offer until a refresh succeeds\. Reason: ProviderForbiddenError/);
  });

  it('says the previous catalog is kept when there is one', async () => {
    const world = await startBotWorld();
    world.sandbox.controls.setForbidden(true);
    const answer = await chatDriver(world.telegram, ADMIN).say('/sync', /catalog refresh failed/);
    expect(answer.text).toMatch(/^\[SANDBOX\]\nThe catalog refresh failed; the previous catalog is kept\. Reason: ProviderForbiddenError/);
  });
});

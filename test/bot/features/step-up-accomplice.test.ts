import { describe, expect, it } from 'vitest';
import { chatDriver } from '../../e2e/chat-driver.js';
import type { FakeUser } from '../../support/fake-bot-api/index.js';
import { ADMIN, SECOND_ADMIN, STAFF, startDualWorld, type DualWorld } from './dual-world.js';
import { KEY, enrolled, freshCode, secretOf } from './step-up-helpers.js';

/** Someone the attacker controls: a fresh Telegram account. */
const ACCOMPLICE: FakeUser = { id: 6006, firstName: 'Max', languageCode: 'en' };

const posts = (world: DualWorld) => world.sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/orders').length;

/**
 * One stolen administrator account (the attacker has its chat, not its
 * authenticator) and any number of fresh accounts: with step-up on, every
 * act that lets money move on someone else's word asks the actor's own code.
 */
describe('a stolen administrator account and an accomplice', () => {
  it('cannot add the accomplice, approve an authenticator or approve an order without the account’s own code', async () => {
    const world = await startDualWorld({ env: { STEP_UP_KEY: KEY } });
    const adaSecret = await enrolled(world);
    const ada = chatDriver(world.telegram, ADMIN);
    const bea = chatDriver(world.telegram, SECOND_ADMIN);

    // Adding someone who may order asks for a code; without one, nobody is added.
    await ada.say(`/staff add ${ACCOMPLICE.id}`, /to let .*6006.* order as staff/);
    await ada.say('/orders', /./);
    expect(await world.services.stores.staff.find(ACCOMPLICE.id)).toBeNull();
    // Bea has no authenticator at all: she cannot add anyone who orders either.
    await bea.say(`/staff add ${ACCOMPLICE.id}`, /Set one up first: \/stepup enrol/);
    expect(await world.services.stores.staff.find(ACCOMPLICE.id)).toBeNull();
    // A viewer cannot spend: added at once.
    await bea.say(`/staff add ${ACCOMPLICE.id} viewer`, /can now use giftdesk/);
    // The right code adds exactly the person it was asked for, and the other administrator is told.
    await ada.say(`/staff role ${ACCOMPLICE.id} staff`, /to let .* order as staff/);
    await ada.say(freshCode(world, adaSecret), /is now Staff/i);
    expect((await world.services.stores.staff.find(ACCOMPLICE.id))?.role).toBe('staff');
    await world.telegram.waitForMessage(SECOND_ADMIN.id, /Ada .*6006.*Staff|6006.*Staff/i);

    // The accomplice's authenticator: Bea (no code of her own) cannot let it take effect.
    const max = chatDriver(world.telegram, ACCOMPLICE);
    await max.say('/stepup enrol', /send the 6-digit code/);
    await max.say(freshCode(world, await secretOf(world, ACCOMPLICE)), /another administrator approves/);
    await bea.say(`/stepup approve ${ACCOMPLICE.id}`, /Set one up first: \/stepup enrol/);
    expect(await world.services.stepUp.status(ACCOMPLICE.id)).toBe('waiting');

    // An order waiting for approval: Approve from an account without a code sends nothing.
    await ada.say('/approvals threshold 1', /Orders above 1 IRR now wait/);
    const sam = chatDriver(world.telegram, STAFF);
    await sam.say('/order', /Choose a category/);
    await sam.say('Google Play 10', /Products matching/);
    await sam.tap(/^Google Play 10 USD/, /How many\?/);
    await sam.say('1', /Please check your order/);
    await sam.tap(/Confirm/, /needs an administrator's approval/);
    const card = await world.telegram.waitFor(() => world.telegram.messages(SECOND_ADMIN.id).filter((m) => /Approval needed: request \d+/.test(m.text)).at(-1));
    const sent = posts(world);
    await bea.answerTo(() => world.telegram.clickButton(SECOND_ADMIN, card, /Approve/), /Set one up first: \/stepup enrol/);
    const adaCard = world.telegram.messages(ADMIN.id).filter((m) => /Approval needed: request \d+/.test(m.text)).at(-1)!;
    await ada.answerTo(() => world.telegram.clickButton(ADMIN, adaCard, /Approve/), /to approve request/);
    expect(posts(world)).toBe(sent);
    // Ada's own code approves it.
    await ada.say(freshCode(world, adaSecret), /You approved it/);
    await world.telegram.waitFor(() => posts(world) === sent + 1 || undefined);
  });
});

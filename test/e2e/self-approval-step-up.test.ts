import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../src/safeguards/step-up/totp.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, type World } from './harness.js';
import { lastId, PUBG_325, waitNew } from './batch-steps.js';
import { orderThroughChat, posts } from './order-steps.js';

const LONG = { timeoutMs: 20_000 };

/**
 * Ada, the only administrator, sets up her authenticator (in force at once:
 * nobody else could approve it), turns step-up on, and has orders above
 * 1,000,000 IRR wait for approval. Her secret.
 */
async function soleAdministratorWithStepUp(world: World): Promise<string> {
  world.sandbox.controls.setBalance(1_000_000_000);
  const ada = chatDriver(world.telegram, ADMIN);
  await ada.say('/velocity reads off', /now off/);
  await ada.say('/approvals threshold 1000000', /Orders above 1,000,000 IRR now wait/);
  await ada.say('/stepup enrol', /send the 6-digit code/);
  const qr = world.telegram.messages(ADMIN.id).find((m) => m.photo !== undefined)!;
  const keyboard = (qr.reply_markup as { inline_keyboard: { text: string; copy_text?: { text: string } }[][] }).inline_keyboard;
  const secret = keyboard.flat().find((button) => button.text === 'Copy key')!.copy_text!.text;
  await ada.say(totpCodeAt(secret, Date.now()), /Authenticator set up/);
  await ada.say('/stepup on', /Step-up is on/);
  return secret;
}

/**
 * The only administrator's own order or batch above the threshold waits for
 * her, the one who may approve it. With step-up on, approving it asks her
 * code as any approval does: a stolen account alone lets no money go.
 */
describe("approving one's own batch as the only administrator, step-up on", () => {
  const world = sharedWorld({ env: { STEP_UP_KEY: randomBytes(32).toString('hex') } });
  const batchState = async (id: number) => (await world.database.rows<{ state: string }>('select state from batches where id = ?', [id]))[0]!.state;
  let secret = '';
  beforeAll(async () => {
    secret = await soleAdministratorWithStepUp(world);
  }, 60_000);

  it('asks her code first, and approves the batch only once the code is given', async () => {
    const ada = chatDriver(world.telegram, ADMIN);
    const since = lastId(world, ADMIN.id);
    world.telegram.sendText(ADMIN, `/batch ${PUBG_325} 2`);
    const summary = await waitNew(world, ADMIN.id, since, /Batch #\d+[\s\S]* units, /);
    world.telegram.clickButton(ADMIN, summary, /Confirm batch/);
    const card = await waitNew(world, ADMIN.id, since, /waits for your approval/);
    const id = Number(/Batch #(\d+)/.exec(card.text)![1]);

    await ada.answerTo(() => world.telegram.clickButton(ADMIN, card, /Approve batch/), /Enter the 6-digit code from your authenticator app to approve batch/);
    expect(await batchState(id)).toBe('waiting-approval');
    await ada.say(totpCodeAt(secret, Date.now() + 30_000), /You approved batch/);
    await world.telegram.waitFor(async () => ((await batchState(id)) !== 'waiting-approval' ? true : undefined), LONG);
  }, 60_000);
});

describe("approving one's own order as the only administrator, step-up on", () => {
  const world = sharedWorld({ env: { STEP_UP_KEY: randomBytes(32).toString('hex') } });
  let secret = '';
  beforeAll(async () => {
    secret = await soleAdministratorWithStepUp(world);
  }, 60_000);

  it('asks her code first, and places the order only once the code is given', async () => {
    const ada = chatDriver(world.telegram, ADMIN);
    const since = lastId(world, ADMIN.id);
    await orderThroughChat(world, ADMIN, { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 1 }, /needs an administrator's approval/);
    const card = await waitNew(world, ADMIN.id, since, /Approval needed: request/);
    const before = posts(world);
    await ada.answerTo(() => world.telegram.clickButton(ADMIN, card, /^Approve/), /Enter the 6-digit code from your authenticator app to approve request/);
    expect(posts(world)).toBe(before);
    await ada.say(totpCodeAt(secret, Date.now() + 30_000), /You approved your own order/);
    expect(posts(world)).toBe(before + 1);
  }, 60_000);
});

import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../src/safeguards/step-up/totp.js';
import type { FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
import { chatDriver, craftedGroupPress, craftedPress } from './chat-driver.js';
import { ADMIN, PERSIAN_STAFF, sharedWorld, STAFF } from './harness.js';
import { batchAwaitingApproval, bindWithSecondAdmin, GROUP_BATCH_CARD } from './admin-group-steps.js';
import { fileRows, lastId, newMessages, PUBG_325, waitNew } from './batch-steps.js';

const BEA: FakeUser = { id: 1002, firstName: 'Bea', languageCode: 'en' };
const FORUM = { id: -100_559, type: 'supergroup' as const, title: 'Gift admins', isForum: true };
const LONG = { timeoutMs: 20_000 };
const BATCH_ID = /Batch #(\d+)/;
/** APPROVAL_EXPIRY_MINUTES as the world leaves it: the default day. */
const APPROVAL_EXPIRY_MS = 24 * 60 * 60_000;

/**
 * Batch approval cards once the administrators' group is bound: Ada and Bea
 * administrators, Ada asked for private copies too, Sam (staff) a member of
 * the group. Batches above 1,000,000 IRR wait for an administrator; two
 * PUBG Mobile 325 UC cost 1,160,000 IRR in the sandbox.
 */
describe('batch approval cards in the administrators\' group', () => {
  const world = sharedWorld({ staff: [STAFF, PERSIAN_STAFF], env: { STEP_UP_KEY: randomBytes(32).toString('hex') } });
  const ada = () => chatDriver(world.telegram, ADMIN);
  const now = (card: SentMessage) => world.telegram.messages(card.chat_id).find((m) => m.message_id === card.message_id)!;
  const privateCards = (who: FakeUser) => world.telegram.messages(who.id).filter((m) => /waits for your approval/.test(m.text));
  const stateOf = async (card: SentMessage) => (await world.database.rows<{ state: string }>('select state from batches where id = ?', [Number(BATCH_ID.exec(card.text)![1])]))[0]!.state;
  const answerTo = (press: string) => world.telegram.waitFor(() => world.telegram.callbackAnswer(press), LONG);
  const buttonsOf = (message: SentMessage) => ((message.reply_markup as { inline_keyboard?: { text: string; disabled?: unknown }[][] } | undefined)?.inline_keyboard ?? []).flat();
  const pressable = (message: SentMessage) => buttonsOf(message).filter((button) => button.disabled === undefined);
  let approvalsTopic = 0;

  beforeAll(async () => {
    world.sandbox.controls.setBalance(1_000_000_000);
    await ada().say('/velocity reads off', /now off/);
    await ada().say('/approvals threshold 1000000', /Orders above 1,000,000 IRR now wait/);
    approvalsTopic = await bindWithSecondAdmin(world, BEA, FORUM);
    await ada().say('/admingroup private on', /You also get them in your private chat/);
  }, 90_000);

  it('puts the card in the approvals topic once, with a private copy only to whoever asked for copies', async () => {
    const bea = privateCards(BEA).length;
    const card = await batchAwaitingApproval(world, STAFF, FORUM);
    expect(card.thread_id).toBe(approvalsTopic);
    expect(card.text).toContain('Requested by Sam');
    // Everyone in the group reads it: it does not say "your approval" there.
    expect(card.text).not.toMatch(/your approval/);
    const copy = await world.telegram.waitFor(() => privateCards(ADMIN).find((m) => m.text.includes(BATCH_ID.exec(card.text)![0])), LONG);
    expect(copy.text).toMatch(/Batch #\d+ waits for your approval/);
    expect(privateCards(BEA)).toHaveLength(bea);
  });

  it('refuses a press by a member who is not an administrator politely, and changes nothing', async () => {
    const card = world.telegram.messages(FORUM.id).filter((m) => GROUP_BATCH_CARD.test(m.text)).at(-1)!;
    const answer = await answerTo(world.telegram.clickButton(STAFF, card, /Approve batch/));
    expect(answer.text).toBe('Only an administrator can do this; nothing was changed.');
    expect(await stateOf(card)).toBe('waiting-approval');
    expect(now(card).edits).toBe(0);
  });

  it('lets an administrator approve it there: the card says who, the private copy is settled, and the batch is placed', async () => {
    const card = world.telegram.messages(FORUM.id).filter((m) => GROUP_BATCH_CARD.test(m.text)).at(-1)!;
    const copy = privateCards(ADMIN).at(-1)!;
    const since = lastId(world, STAFF.id);
    world.telegram.clickButton(BEA, card, /Approve batch/);
    await world.telegram.waitFor(() => (/Approved by Bea/.test(now(card).text) ? true : undefined), LONG);
    expect(pressable(now(card))).toEqual([]);
    await world.telegram.waitFor(() => (/Approved by Bea/.test(now(copy).text) ? true : undefined), LONG);
    expect(pressable(now(copy))).toEqual([]);
    await world.telegram.waitForMessage(STAFF.id, /was approved/, LONG);
    expect(await fileRows(world, STAFF.id, since)).toHaveLength(2);
    // Nothing said in the group but the card itself.
    expect(world.telegram.messages(FORUM.id).filter((m) => /approved batch/i.test(m.text))).toEqual([]);
  });

  it("leaves the uploaded file's name off the group's card, where more people read it, and keeps it on the private copy", async () => {
    const since = lastId(world, STAFF.id);
    const name = 'jane-doe-0912-acme.csv';
    world.telegram.sendDocument(STAFF, { fileName: name, bytes: new TextEncoder().encode(`product,quantity\n${PUBG_325},2\n`), mimeType: 'text/csv' });
    const summary = await waitNew(world, STAFF.id, since, /Batch #\d+ from jane-doe-0912-acme\.csv/);
    const before = world.telegram.messages(FORUM.id).filter((m) => GROUP_BATCH_CARD.test(m.text)).length;
    world.telegram.clickButton(STAFF, summary, /Confirm batch/);
    const card = await world.telegram.waitFor(() => world.telegram.messages(FORUM.id).filter((m) => GROUP_BATCH_CARD.test(m.text)).at(before), LONG);
    const id = BATCH_ID.exec(card.text)![0];
    const copy = await world.telegram.waitFor(() => privateCards(ADMIN).find((m) => m.text.includes(id)), LONG);
    expect(copy.text).toContain(`File: ${name}`);
    expect(card.text).toContain('Requested by Sam');
    expect(card.text).not.toContain('jane-doe');
    expect(card.text).not.toMatch(/File:/);
    // Refused, so that it does not wait on into the cases below; the settled card names no file either.
    world.telegram.clickButton(BEA, card, /Refuse/);
    await world.telegram.waitFor(() => (/Refused by Bea/.test(now(card).text) ? true : undefined), LONG);
    expect(now(card).text).not.toContain('jane-doe');
  });

  it("refuses the requester's own press in the group, even an administrator's, and names who refused it on the card", async () => {
    const card = await batchAwaitingApproval(world, ADMIN, FORUM);
    const answer = await answerTo(world.telegram.clickButton(ADMIN, card, /Approve batch/));
    expect(answer.text).toBe('Another administrator must decide on your own batch.');
    expect(answer.show_alert).toBe(true);
    expect(await stateOf(card)).toBe('waiting-approval');
    world.telegram.clickButton(BEA, card, /Refuse/);
    await world.telegram.waitFor(() => (/Refused by Bea\. Nothing was ordered\./.test(now(card).text) ? true : undefined), LONG);
    expect(await stateOf(card)).toBe('cancelled');
    await world.telegram.waitForMessage(ADMIN.id, /was refused by an administrator/, LONG);
  });

  it('says on the group\'s card who approved it from a private copy', async () => {
    const card = await batchAwaitingApproval(world, STAFF, FORUM);
    const copy = await world.telegram.waitFor(() => privateCards(ADMIN).find((m) => m.text.includes(BATCH_ID.exec(card.text)![0])), LONG);
    await ada().answerTo(() => world.telegram.clickButton(ADMIN, copy, /Approve batch/), /You approved batch/);
    await world.telegram.waitFor(() => (/Approved by Ada/.test(now(card).text) ? true : undefined), LONG);
    expect(pressable(now(card))).toEqual([]);
  });

  it('says on every copy that the orderer stopped a batch while it waited, and Approve there then changes nothing', async () => {
    const card = await batchAwaitingApproval(world, STAFF, FORUM);
    const id = BATCH_ID.exec(card.text)![1]!;
    const copy = await world.telegram.waitFor(() => privateCards(ADMIN).find((m) => m.text.includes(`Batch #${id}`)), LONG);
    const sam = chatDriver(world.telegram, STAFF);
    await sam.say(`/batch #${id}`, new RegExp(`Batch #${id}`));
    await sam.tap(/Stop/, /Batch #\d+: stopped/i);
    for (const message of [card, copy]) await world.telegram.waitFor(() => (/Stopped by its orderer/.test(now(message).text) ? true : undefined), LONG);
    expect(pressable(now(card))).toEqual([]);
    // An old client still showing the card's buttons: the press changes nothing, and says so.
    const answer = await answerTo(craftedGroupPress(world.telegram, BEA, FORUM, `bt:ap:${id}`));
    expect(answer.text).toBe('This batch was already decided.');
    expect(await stateOf(card)).toBe('stopped');
  });

  it("settles every copy when the summary's Cancel, still on an old client, stops the batch while it waits", async () => {
    const card = await batchAwaitingApproval(world, STAFF, FORUM);
    const id = BATCH_ID.exec(card.text)![1]!;
    const copy = await world.telegram.waitFor(() => privateCards(ADMIN).find((m) => m.text.includes(`Batch #${id}`)), LONG);
    await answerTo(craftedPress(world.telegram, STAFF, `bt:no:${id}`));
    expect(await stateOf(card)).toBe('stopped');
    for (const message of [card, copy]) await world.telegram.waitFor(() => (/Stopped by its orderer/.test(now(message).text) ? true : undefined), LONG);
    expect(pressable(now(card))).toEqual([]);
    expect(pressable(now(copy))).toEqual([]);
  });

  it('still settles the private copy and tells the orderer when the group card cannot be edited at that moment', async () => {
    const card = await batchAwaitingApproval(world, STAFF, FORUM);
    const copy = await world.telegram.waitFor(() => privateCards(ADMIN).find((m) => m.text.includes(BATCH_ID.exec(card.text)![0])), LONG);
    const told = world.telegram.messages(STAFF.id).filter((m) => /was approved/.test(m.text)).length;
    // The edit of the pressed card gets no answer, as a network failure would.
    world.telegram.dropNext('editMessageText');
    world.telegram.clickButton(BEA, card, /Approve batch/);
    await world.telegram.waitFor(() => (/Approved by Bea/.test(now(copy).text) ? true : undefined), LONG);
    await world.telegram.waitFor(() => (world.telegram.messages(STAFF.id).filter((m) => /was approved/.test(m.text)).length > told ? true : undefined), LONG);
    expect(await stateOf(card)).not.toBe('waiting-approval');
  });

  it('with step-up on, asks the presser\'s code in their private chat, never in the group, and the card then says who approved it', async () => {
    const bea = chatDriver(world.telegram, BEA);
    await bea.say('/stepup enrol', /send the 6-digit code/);
    const qr = world.telegram.messages(BEA.id).find((m) => m.photo !== undefined)!;
    const keyboard = (qr.reply_markup as { inline_keyboard: { text: string; copy_text?: { text: string } }[][] }).inline_keyboard;
    const secret = keyboard.flat().find((button) => button.text === 'Copy key')!.copy_text!.text;
    await bea.say(totpCodeAt(secret, Date.now()), /another administrator approves/);
    await ada().say(`/stepup approve ${BEA.id}`, /authenticator is now in force/);
    await bea.say('/stepup on', /Step-up is on/);

    const card = await batchAwaitingApproval(world, STAFF, FORUM);
    const copy = await world.telegram.waitFor(() => privateCards(ADMIN).find((m) => m.text.includes(BATCH_ID.exec(card.text)![0])), LONG);
    const inGroup = world.telegram.messages(FORUM.id).length;
    let press = '';
    await bea.answerTo(() => void (press = world.telegram.clickButton(BEA, card, /Approve batch/)), /approve batch \d+, pressed in the administrators' group/);
    expect((await answerTo(press)).text).toMatch(/I wrote to you in our private chat/);
    expect(await stateOf(card)).toBe('waiting-approval');
    expect(now(card).edits).toBe(0);

    await bea.say(totpCodeAt(secret, Date.now() + 30_000), /You approved batch/);
    await world.telegram.waitFor(() => (/Approved by Bea/.test(now(card).text) ? true : undefined), LONG);
    expect(pressable(now(card))).toEqual([]);
    await world.telegram.waitFor(() => (/Approved by Bea/.test(now(copy).text) ? true : undefined), LONG);
    expect(world.telegram.messages(FORUM.id)).toHaveLength(inGroup);
    expect(await stateOf(card)).not.toBe('waiting-approval');
  }, 60_000);

  it('expires a batch nobody decided in time: every copy says so without buttons, the orderer is told, and an old Approve places nothing', async () => {
    const card = await batchAwaitingApproval(world, STAFF, FORUM);
    const id = Number(BATCH_ID.exec(card.text)![1]);
    const copy = await world.telegram.waitFor(() => privateCards(ADMIN).find((m) => m.text.includes(`Batch #${id}`)), LONG);
    const since = lastId(world, STAFF.id);
    // Sara reads Persian: she is told in Persian, with Persian digits.
    const sara = lastId(world, PERSIAN_STAFF.id);
    world.telegram.sendText(PERSIAN_STAFF, `/batch ${PUBG_325} 2`);
    const summary = await waitNew(world, PERSIAN_STAFF.id, sara, /سفارش گروهی #[۰-۹]+/);
    world.telegram.clickButton(PERSIAN_STAFF, summary, /تأیید سفارش گروهی/);
    await waitNew(world, PERSIAN_STAFF.id, sara, /سفارش گروهی منتظر تأیید یک مدیر است/);
    const saraId = (await world.database.rows<{ id: number }>("select id from batches where requester_id = ? and state = 'waiting-approval'", [PERSIAN_STAFF.id]))[0]!.id;

    // Their deadlines pass while the process is down: the sweep at start expires them.
    await world.bot.stop();
    await world.database.change(`update batches set approval_expires_at = approval_expires_at - ${APPROVAL_EXPIRY_MS + 60_000} where id in (${id}, ${saraId})`);
    await world.restart();

    for (const message of [card, copy]) await world.telegram.waitFor(() => (/Nobody decided in time: it expired\. Nothing was ordered\./.test(now(message).text) ? true : undefined), LONG);
    expect(pressable(now(card))).toEqual([]);
    expect(pressable(now(copy))).toEqual([]);
    await waitNew(world, STAFF.id, since, new RegExp(`Batch #${id} waited too long for an administrator's approval and has expired`));
    expect(await stateOf(card)).toBe('expired');
    await waitNew(world, PERSIAN_STAFF.id, sara, /سفارش گروهی #[۰-۹]+ مدت زیادی منتظر تأیید مدیر ماند و منقضی شد/);
    expect((await world.database.rows<{ state: string }>('select state from batches where id = ?', [saraId]))[0]!.state).toBe('expired');

    // An old client still showing Approve, in the group and privately: it says the batch expired and changes nothing.
    for (const press of [craftedGroupPress(world.telegram, BEA, FORUM, `bt:ap:${id}`), craftedPress(world.telegram, ADMIN, `bt:ap:${id}`)]) {
      expect((await answerTo(press)).text).toBe('This batch expired without a decision; nothing was ordered.');
    }
    expect(await stateOf(card)).toBe('expired');
    expect(await world.database.rows('select id from orders where batch_id = ?', [id])).toEqual([]);
    expect(newMessages(world, STAFF.id, since).filter((m) => /was approved/.test(m.text))).toEqual([]);
  }, 90_000);
});

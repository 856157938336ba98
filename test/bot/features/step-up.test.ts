import { describe, expect, it } from 'vitest';
import { STEP_UP_CODE_VALID_MS } from '../../../src/safeguards/step-up/step-up.js';
import { totpCodeAt } from '../../../src/safeguards/step-up/totp.js';
import { chatDriver } from '../../e2e/chat-driver.js';
import { ADMIN, SECOND_ADMIN, STAFF, startDualWorld } from './dual-world.js';
import { KEY, enrolled, freshCode, secretOf } from './step-up-helpers.js';
import { DUAL_CONTROL_HOLD_MS } from '../../../src/safeguards/dual-control/admin-change.js';
import { toPersianDigits } from '../../../src/text/digits.js';

describe('step-up confirmation in the chat', () => {
  it('enrols with a protected QR photo, refuses a wrong first code, deletes the QR at the right one and waits for another administrator', async () => {
    const world = await startDualWorld({ env: { STEP_UP_KEY: KEY } });
    const ada = chatDriver(world.telegram, ADMIN);
    await ada.say('/stepup on', /Set up your own authenticator first/);
    await ada.say('/stepup enrol', /send the 6-digit code/);
    const qr = world.telegram.messages(ADMIN.id).find((m) => m.photo !== undefined)!;
    expect(qr.protect_content).toBe(true);
    expect(qr.photo!.subarray(1, 4).toString()).toBe('PNG');
    const secret = await secretOf(world, ADMIN);
    // The key typed by hand is the one sealed in the database, in a copy button and never in the caption
    // (a reply would carry the caption into the stored update), and the database holds it only sealed.
    expect(qr.text).not.toContain(secret);
    expect((qr.reply_markup as { inline_keyboard: { text: string; copy_text?: { text: string } }[][] }).inline_keyboard).toEqual([[{ text: 'Copy key', copy_text: { text: secret } }]]);
    expect((await world.services.stores.stepUp.get(ADMIN.id))!.secret).not.toContain(secret);

    await ada.say('000000', /Wrong code\. 4 tries left/);
    await ada.say(freshCode(world, secret), /takes effect once another administrator approves it/);
    expect(world.telegram.messages(ADMIN.id).find((m) => m.message_id === qr.message_id)!.deleted).toBe(true);
    await world.telegram.waitForMessage(SECOND_ADMIN.id, new RegExp(`/stepup approve ${ADMIN.id}`));
    await ada.say('/stepup on', /Set up your own authenticator first/);
    await ada.say(`/stepup approve ${ADMIN.id}`, /Another administrator must do this/);
    await chatDriver(world.telegram, SECOND_ADMIN).say(`/stepup approve ${ADMIN.id}`, /authenticator is now in force/);
    await ada.say('/stepup on', /Step-up is on/);
    await ada.say('/settings', /Step-up codes \(authenticator\): on/);
    await ada.say(`/stepup reset ${ADMIN.id}`, /Another administrator must do this/);
    const audit = await ada.say('/audit', /approved the authenticator of Ada/);
    expect(audit.text).toMatch(/set up an authenticator for step-up/);
    expect(audit.text).toMatch(/turned step-up codes on/);
    expect(audit.text).not.toContain(secret);

    await chatDriver(world.telegram, SECOND_ADMIN).say(`/stepup reset ${ADMIN.id}`, /Ada's authenticator was removed/);
    await world.telegram.waitForMessage(ADMIN.id, /Bea removed your authenticator/);
    await ada.say('/stepup', /Step-up: on\. Orders: no order needs a code\. Your authenticator: none/);
  });

  it('asks for a code before an export, restating it, and sends the file only for the right one, once', async () => {
    const world = await startDualWorld({ env: { STEP_UP_KEY: KEY } });
    const secret = await enrolled(world);
    const ada = chatDriver(world.telegram, ADMIN);
    const documents = () => world.telegram.messages(ADMIN.id).filter((m) => m.document !== undefined).length;

    await ada.say('/export orders', /6-digit code from your authenticator app to export orders\. Valid 3 minutes/);
    await ada.say('123456', /Wrong code\. 4 tries left/);
    expect(documents()).toBe(0);
    const code = freshCode(world, secret);
    await ada.say(code, /Orders from/);
    expect(documents()).toBe(1);

    // The same code again, for a new prompt: refused, on any instance, since its time-step is kept in the database.
    await ada.say('/export audit', /to export audit/);
    await ada.say(code, /used already/);
    expect(documents()).toBe(1);

    // A prompt left open past its minutes takes no code.
    world.clock.shift(STEP_UP_CODE_VALID_MS);
    await ada.say(totpCodeAt(secret, world.clock.now()), /Too late for that code/);
    expect(documents()).toBe(1);
  });

  it('asks for a code before someone else\'s codes are shown, and shows them for the right one', async () => {
    const world = await startDualWorld({ env: { STEP_UP_KEY: KEY }, sandboxTiming: { preparingMs: 0, processingMs: 0 } });
    const sam = chatDriver(world.telegram, STAFF);
    await sam.say('/order', /Choose a category/);
    await sam.say('Google Play 10', /Products matching/);
    await sam.tap(/^Google Play 10 USD/, /How many\?/);
    await sam.say('1', /Please check your order/);
    const placed = await sam.tap(/Confirm/, /Order A\d+ is placed/);
    const reference = /Order (A\d+) is placed/.exec(placed.text)![1]!;
    const secret = await enrolled(world);

    const ada = chatDriver(world.telegram, ADMIN);
    const detail = await ada.say(`/track ${reference}`, /Show codes|tap Show codes/);
    await ada.answerTo(() => world.telegram.clickButton(ADMIN, detail, /Show codes/), new RegExp(`to show the codes of order ${reference} \\(Sam`));
    const codesShown = () => world.telegram.messages(ADMIN.id).filter((m) => m.text.includes(`Codes of order ${reference}`)).length;
    await ada.say('999999', /Wrong code/);
    expect(codesShown()).toBe(0);
    // Typed on a Persian keyboard, as a phone in Persian gives it.
    await ada.answerTo(() => world.telegram.sendText(ADMIN, toPersianDigits(freshCode(world, secret))), new RegExp(`Codes of order ${reference}`));
  });

  it('takes a code only right after its prompt: an order started meanwhile gets its six-digit answer, and the prompt is withdrawn', async () => {
    const world = await startDualWorld({ env: { STEP_UP_KEY: KEY } });
    const secret = await enrolled(world);
    const ada = chatDriver(world.telegram, ADMIN);
    const documents = () => world.telegram.messages(ADMIN.id).filter((m) => m.document !== undefined).length;

    await ada.say('/export orders', /6-digit code/);
    await ada.say('/order', /Choose a category/);
    await ada.say('Google Play 10', /Products matching/);
    await ada.tap(/^Google Play 10 USD/, /How many\?/);
    const answer = await ada.say('123456', /./);
    expect(answer.text).not.toMatch(/Wrong code|tries left/);
    // The export asked before the order no longer waits: its right code now exports nothing.
    await ada.say('/cancel', /./);
    await ada.say(freshCode(world, secret), /./);
    expect(documents()).toBe(0);
    // Nothing was counted against Ada: a new prompt takes the right code at once.
    await ada.say('/export orders', /6-digit code/);
    await ada.say(freshCode(world, secret), /Orders from/);
    expect(documents()).toBe(1);
  });

  it('locks the person after five wrong codes and alerts the other administrators', async () => {
    const world = await startDualWorld({ env: { STEP_UP_KEY: KEY } });
    await enrolled(world);
    const ada = chatDriver(world.telegram, ADMIN);
    await ada.say('/export orders', /6-digit code/);
    for (const left of [4, 3, 2, 1]) await ada.say('111111', new RegExp(`${left} tries left`));
    await ada.say('111111', /Too many wrong codes/);
    await world.telegram.waitForMessage(SECOND_ADMIN.id, /5 wrong step-up codes in a row/);
    await ada.say('/export orders', /Too many wrong codes/);
    // Ada reads her own lock message, not the alert about herself that tells administrators to remove her.
    expect(world.telegram.messages(ADMIN.id).filter((m) => /wrong step-up codes in a row/.test(m.text))).toEqual([]);
  });

  it('needs a code and the second administrator to turn step-up off', async () => {
    const world = await startDualWorld({ env: { STEP_UP_KEY: KEY } });
    const secret = await enrolled(world);
    const ada = chatDriver(world.telegram, ADMIN);
    await ada.say('/stepup off', /to turn step-up off/);
    await ada.say(freshCode(world, secret), /Sent to the other administrators: turn step-up off/);
    expect(world.services.stepUp.enabled()).toBe(true);

    // The second administrator's Confirm needs a code from their own authenticator.
    const bea = chatDriver(world.telegram, SECOND_ADMIN);
    const card = await world.telegram.waitForMessage(SECOND_ADMIN.id, /Please confirm/);
    await bea.answerTo(() => world.telegram.clickButton(SECOND_ADMIN, card, /Confirm/), /set one up first: \/stepup enrol/i);
    await bea.say('/stepup enrol', /send the 6-digit code/);
    const beaSecret = await secretOf(world, SECOND_ADMIN);
    await bea.say(freshCode(world, beaSecret), /another administrator approves/);
    // With step-up on, letting another authenticator take effect needs the approver's own code.
    await ada.say(`/stepup approve ${SECOND_ADMIN.id}`, /to let Bea's authenticator take effect/);
    await ada.say(freshCode(world, secret), /authenticator is now in force/);
    await bea.answerTo(() => world.telegram.clickButton(SECOND_ADMIN, card, /Confirm/), /to confirm: turn step-up off/);
    expect(world.services.stepUp.enabled()).toBe(true);
    await bea.say(freshCode(world, beaSecret), /Done: turn step-up off\. Asked by Ada, confirmed by Bea/);
    expect(world.services.stepUp.enabled()).toBe(false);
  });

  it('refuses an enrolment with nobody to approve it while dual control holds after demoting the other administrator', async () => {
    const world = await startDualWorld({ env: { STEP_UP_KEY: KEY } });
    const ada = chatDriver(world.telegram, ADMIN);
    await ada.say(`/staff role ${SECOND_ADMIN.id} staff`, /is now Staff/i);
    await ada.say('/stepup enrol', /send the 6-digit code/);
    const qr = world.telegram.messages(ADMIN.id).find((m) => m.photo !== undefined)!;
    const secret = await secretOf(world, ADMIN);
    await ada.say(freshCode(world, secret), /Not set up: an administrator was removed lately, so until .* there is none/);
    // Forgotten, not waiting: the key shown is gone from the chat and the database, and nothing is in force.
    expect(world.telegram.messages(ADMIN.id).find((m) => m.message_id === qr.message_id)!.deleted).toBe(true);
    expect(await world.services.stores.stepUp.get(ADMIN.id)).toBeNull();
    await ada.say('/stepup on', /Set up your own authenticator first/);
    await ada.say('/audit', /was refused an authenticator: dual control held/);

    // Once the hold is over, one administrator alone enrols as before.
    world.clock.shift(DUAL_CONTROL_HOLD_MS);
    await ada.say('/stepup enrol', /send the 6-digit code/);
    await ada.say(freshCode(world, await secretOf(world, ADMIN)), /Authenticator set up\. Actions that need a code/);
  });

  it('cannot be turned on without STEP_UP_KEY', async () => {
    const world = await startDualWorld();
    await chatDriver(world.telegram, ADMIN).say('/stepup on', /needs STEP_UP_KEY/);
    await chatDriver(world.telegram, ADMIN).say('/stepup enrol', /needs STEP_UP_KEY/);
  });
});

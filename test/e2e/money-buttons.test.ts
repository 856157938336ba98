import { describe, expect, it } from 'vitest';
import type { InlineKeyboardButton } from 'grammy/types';
import type { FakeUser, RecordedCall, SentMessage } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { PERSIAN_STAFF, sharedWorld, STAFF, type World } from './harness.js';

/** A product without questions in the sandbox's catalog. */
const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/ };
const REFUSAL_LOG = 'the Bot API server refuses button styles and disabled buttons: keyboards go without them from now on';

const buttonsOf = (message: SentMessage): InlineKeyboardButton[] =>
  message.reply_markup && 'inline_keyboard' in message.reply_markup ? message.reply_markup.inline_keyboard.flat() : [];
const button = (message: SentMessage, label: RegExp): InlineKeyboardButton => {
  const found = buttonsOf(message).find((b) => label.test(b.text));
  if (!found) throw new Error(`no button ${label} on ${JSON.stringify(message.text)}: ${JSON.stringify(buttonsOf(message))}`);
  return found;
};

/** /order, the product, one card: the summary with Confirm. */
async function summaryFor(world: World, user: FakeUser, texts: { menu: RegExp; results: RegExp; quantity: RegExp; summary: RegExp; one: string }) {
  const chat = chatDriver(world.telegram, user);
  await chat.say('/order', texts.menu);
  await chat.say(GOOGLE_PLAY.search, texts.results);
  await chat.tap(GOOGLE_PLAY.product, texts.quantity);
  return { chat, summary: await chat.say(texts.one, texts.summary) };
}

const EN = { menu: /Choose a category/, results: /Products matching/, quantity: /How many\?/, summary: /Please check your order/, one: '1' };
const FA = { menu: /یک دسته را انتخاب کنید/, results: /محصولات مطابق/, quantity: /چند عدد؟/, summary: /سفارش خود را بررسی کنید/, one: '۱' };

describe('money buttons that cannot be mistaken', () => {
  const world = sharedWorld({ staff: [STAFF, PERSIAN_STAFF] });

  it('shows Confirm as going ahead and Cancel as stopping, and keeps Confirm, disabled, once the order is placed', async () => {
    const { chat, summary } = await summaryFor(world, STAFF, EN);
    const confirm = button(summary, /^Confirm order$/);
    expect(confirm.style).toBe('success');
    expect(button(summary, /^Cancel$/).style).toBe('danger');
    // Edit is neither: only money buttons carry a colour.
    expect(button(summary, /^Edit$/).style).toBeUndefined();
    const confirmData = (confirm as InlineKeyboardButton.CallbackButton).callback_data;
    expect(Buffer.byteLength(confirmData, 'utf8')).toBeLessThanOrEqual(64);

    const placed = await chat.tap(/^Confirm order$/, /Order A\d+ is placed/);
    // Settled: the message still shows what was pressed, and nothing on it can be pressed.
    expect(buttonsOf(placed)).toEqual([{ text: 'Confirm order', disabled: {}, style: 'success' }]);
    expect(() => world.telegram.clickButton(STAFF, placed, /Confirm/)).toThrow(/No callback button/);

    // An old client that still shows the summary's Confirm sends its data anyway: it is refused as already done.
    const id = `old-client-${placed.message_id}`;
    world.telegram.pushUpdate({
      callback_query: {
        id,
        from: { id: STAFF.id, is_bot: false, first_name: STAFF.firstName ?? 'x' },
        message: { message_id: placed.message_id, date: placed.date, chat: { id: STAFF.id, type: 'private', first_name: STAFF.firstName ?? 'x' }, text: placed.text },
        chat_instance: `instance-${STAFF.id}`,
        data: confirmData,
      },
    });
    const answer = await world.telegram.waitFor(() => world.telegram.callbackAnswer(id));
    expect(answer.text).toMatch(/already confirmed .* it was not placed a second time/);
  });

  it('does the same for a Persian reader, whose words say it without colour', async () => {
    const { chat, summary } = await summaryFor(world, PERSIAN_STAFF, FA);
    expect(button(summary, /^تأیید سفارش$/).style).toBe('success');
    expect(button(summary, /^لغو$/).style).toBe('danger');
    const placed = await chat.tap(/^تأیید سفارش$/, /سفارش A\d+ ثبت شد/);
    expect(buttonsOf(placed)).toEqual([{ text: 'تأیید سفارش', disabled: {}, style: 'success' }]);
  });
});

describe('money buttons on a Bot API server that refuses styles and disabled buttons', () => {
  const world = sharedWorld({ staff: [STAFF], telegram: { buttonLooks: 'refused' } });

  const styledOrDisabled = (call: RecordedCall): boolean => {
    const markup = call.payload['reply_markup'] as { inline_keyboard?: Record<string, unknown>[][] } | undefined;
    return (markup?.inline_keyboard ?? []).flat().some((b) => 'style' in b || 'disabled' in b);
  };

  it('sends today\'s plain buttons after the first refusal, says so once, and still places the order', async () => {
    const { chat, summary } = await summaryFor(world, STAFF, EN);
    expect(buttonsOf(summary).map((b) => b.text)).toEqual(expect.arrayContaining(['Confirm order', 'Edit', 'Cancel']));
    expect(buttonsOf(summary).some((b) => 'style' in b)).toBe(false);

    const placed = await chat.tap(/^Confirm order$/, /Order A\d+ is placed/);
    // Settled as before: no buttons at all.
    expect(buttonsOf(placed)).toEqual([]);

    const refused = world.telegram.calls.filter((call) => call.response?.ok === false && styledOrDisabled(call));
    // The first styled keyboard was refused and sent again plain; nothing styled was tried after it.
    expect(refused).toHaveLength(1);
    const after = world.telegram.calls.slice(world.telegram.calls.indexOf(refused[0]!) + 1);
    expect(after.some(styledOrDisabled)).toBe(false);
    expect(world.bot.logs().filter((line) => line.msg === REFUSAL_LOG)).toHaveLength(1);

    // Another order: still plain, and nothing more in the log.
    const again = await summaryFor(world, STAFF, EN);
    expect(buttonsOf(again.summary).some((b) => 'style' in b)).toBe(false);
    expect(world.bot.logs().filter((line) => line.msg === REFUSAL_LOG)).toHaveLength(1);
  });
});

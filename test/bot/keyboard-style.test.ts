import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Api, GrammyError } from 'grammy';
import { createLogger } from '../../src/logger.js';
import { chosenKeyboard, createButtonLooks, plainMarkup, type ButtonLooks } from '../../src/bot/keyboard-style.js';
import { createFakeBotApi, type FakeBotApi } from '../support/fake-bot-api/index.js';

const alice = { id: 1001, firstName: 'Alice', languageCode: 'en' };
const styled = { inline_keyboard: [[{ text: 'Confirm order', callback_data: 'o:ok', style: 'success' as const }], [{ text: 'Cancel', callback_data: 'o:n', style: 'danger' as const }]] };

let telegram: FakeBotApi;
let logged: string[];
let looks: ButtonLooks;

/** Two connections of one process, as the bot's own and the outbox's. */
function connection(): Api {
  const api = new Api(telegram.token, { apiRoot: telegram.apiRoot });
  api.config.use(looks.transformer());
  return api;
}
const refusals = () => logged.filter((line) => line.includes('refuses button styles'));
const styledCalls = () => telegram.calls.filter((call) => JSON.stringify(call.payload['reply_markup'] ?? null).match(/"style"|"disabled"/));

beforeEach(async () => {
  telegram = await createFakeBotApi();
  telegram.addChat(alice);
  logged = [];
  looks = createButtonLooks(createLogger({ level: 'debug', destination: { write: (line: string) => void logged.push(line) } }));
});

afterEach(async () => {
  await telegram.close();
});

describe('button styles and disabled buttons', () => {
  it('go as they are where the server takes them', async () => {
    const sent = await connection().sendMessage(alice.id, 'x', { reply_markup: styled });
    await connection().editMessageReplyMarkup(alice.id, sent.message_id, { reply_markup: chosenKeyboard('Confirm order', 'success') });
    expect(telegram.lastMessage(alice.id)?.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Confirm order', disabled: {}, style: 'success' }]] });
    expect(looks.supported()).toBe(true);
    expect(refusals()).toEqual([]);
  });

  it('are sent again without styles where the server refuses them, and never tried again by any connection of the process', async () => {
    telegram.setButtonLooks('refused');
    const sent = await connection().sendMessage(alice.id, 'x', { reply_markup: styled });
    expect(telegram.lastMessage(alice.id)?.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Confirm order', callback_data: 'o:ok' }], [{ text: 'Cancel', callback_data: 'o:n' }]] });
    expect(looks.supported()).toBe(false);
    expect(styledCalls()).toHaveLength(1);

    // Another connection: plain from the start. A settled keyboard of only disabled buttons goes, as before.
    await connection().editMessageReplyMarkup(alice.id, sent.message_id, { reply_markup: chosenKeyboard('Confirm order', 'success') });
    expect(telegram.lastMessage(alice.id)?.reply_markup).toEqual({ inline_keyboard: [] });
    await connection().sendMessage(alice.id, 'y', { reply_markup: chosenKeyboard('Approve', 'success') });
    expect(telegram.lastMessage(alice.id)).toMatchObject({ text: 'y' });
    expect(telegram.lastMessage(alice.id)?.reply_markup).toBeUndefined();
    expect(styledCalls()).toHaveLength(1);
    expect(refusals()).toHaveLength(1);
  });

  it('stay where a call fails for another reason: a plain retry that fails too proves nothing', async () => {
    const tooLong = { inline_keyboard: [[{ text: 'Buy', callback_data: 'é'.repeat(33), style: 'success' as const }]] };
    const refused = connection().sendMessage(alice.id, 'x', { reply_markup: tooLong });
    await expect(refused).rejects.toThrow(GrammyError);
    await expect(refused).rejects.toThrow(/BUTTON_DATA_INVALID/);
    // Not about the keyboard at all: not sent twice.
    const before = telegram.calls.length;
    await expect(connection().sendMessage(424242, 'x', { reply_markup: styled })).rejects.toThrow(/chat not found/);
    expect(telegram.calls.length).toBe(before + 1);
    expect(looks.supported()).toBe(true);
    expect(refusals()).toEqual([]);
  });
});

describe('plainMarkup', () => {
  it('leaves a keyboard without styles or disabled buttons alone', () => {
    expect(plainMarkup({ inline_keyboard: [[{ text: 'a', callback_data: 'a' }]] })).toBeUndefined();
    expect(plainMarkup({ inline_keyboard: [] })).toBeUndefined();
    expect(plainMarkup(undefined)).toBeUndefined();
  });

  it('drops styles and disabled buttons, and the rows they leave empty', () => {
    expect(plainMarkup({ inline_keyboard: [[{ text: 'a', disabled: {} }], [{ text: 'b', callback_data: 'b', style: 'danger' }]] })).toEqual({
      inline_keyboard: [[{ text: 'b', callback_data: 'b' }]],
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { Message, Update } from 'grammy/types';

/** A message as an update's `message` carries it (not a channel post). */
type UserMessage = NonNullable<Update['message']>;
import { storableUpdate } from '../../src/db/storable-update.js';
import { createPressedKeyboards } from '../../src/bot/pressed-keyboards.js';

const CODE = 'GIFT-4XQ7-PLM2-9ZZA';
const chat = { id: 2002, type: 'private' as const, first_name: 'Sam' };
const person = { id: 2002, is_bot: false, first_name: 'Sam' };
const bot = { id: 9000, is_bot: true, first_name: 'giftdesk' };

/** A delivery as Telegram hands it back inside an update: its text, spoiler and copy button all hold the code. */
const delivery = {
  message_id: 41,
  from: bot,
  chat,
  date: 1_700_000_000,
  text: `Order A1 is delivered\nCode: ${CODE}`,
  entities: [{ type: 'spoiler', offset: 28, length: CODE.length }],
  reply_markup: { inline_keyboard: [[{ text: 'Copy code 1', copy_text: { text: CODE } }], [{ text: '✅ Mark handed over', callback_data: 'oh:1' }]] },
} as unknown as UserMessage;

const stored = (update: Update) => JSON.stringify(storableUpdate(update));

describe('what of an update is stored', () => {
  it('keeps of a pressed delivery only where it is and its keyboard, every copy button emptied', () => {
    const update: Update = { update_id: 1, callback_query: { id: 'q1', from: person, chat_instance: 'c', data: 'oh:1', message: delivery } };
    expect(stored(update)).not.toContain(CODE);
    expect(storableUpdate(update).callback_query).toEqual({
      id: 'q1',
      from: person,
      chat_instance: 'c',
      data: 'oh:1',
      message: { message_id: 41, chat, date: 1_700_000_000, reply_markup: { inline_keyboard: [[{ text: 'Copy code 1', copy_text: { text: '' } }], [{ text: '✅ Mark handed over', callback_data: 'oh:1' }]] } },
    });
  });

  it('keeps the person’s own reply and which message it answers, and drops the words of the message it replies to or quotes', () => {
    const reply = { message_id: 42, from: person, chat, date: 1_700_000_100, text: 'this one did not work', reply_to_message: delivery, quote: { text: CODE, position: 0 } } as unknown as UserMessage;
    const kept = storableUpdate({ update_id: 2, message: reply });
    expect(JSON.stringify(kept)).not.toContain(CODE);
    const answered = { message_id: delivery.message_id, date: delivery.date, chat: delivery.chat, from: { id: bot.id, is_bot: true, first_name: '' } };
    expect(kept.message).toEqual({ message_id: 42, from: person, chat, date: 1_700_000_100, text: 'this one did not work', reply_to_message: answered });
  });

  it('keeps no text of a forwarded message but the command word it began with', () => {
    const origin = { type: 'user', sender_user: bot, date: 1_700_000_000 };
    const forwarded = { ...delivery, message_id: 43, from: person, forward_origin: origin } as unknown as UserMessage;
    expect(stored({ update_id: 3, message: forwarded })).not.toContain(CODE);
    const command = { message_id: 44, from: person, chat, date: 1, text: '/approvals threshold off', forward_origin: origin } as unknown as UserMessage;
    expect(storableUpdate({ update_id: 4, message: command }).message?.text).toBe('/approvals');
  });

  it('leaves a plain message as it came', () => {
    const message = { message_id: 45, from: person, chat, date: 1, text: 'customer@example.com' } as unknown as UserMessage;
    expect(storableUpdate({ update_id: 5, message })).toEqual({ update_id: 5, message });
  });
});

describe('pressed keyboards in memory', () => {
  const clock = { now: () => now } as unknown as Parameters<typeof createPressedKeyboards>[0];
  let now = 0;

  it('hands a press’s whole keyboard back once, and not after it has grown old', () => {
    const keyboards = createPressedKeyboards(clock);
    const press = (id: string): Update => ({ update_id: 1, callback_query: { id, from: person, chat_instance: 'c', data: 'oh:1', message: delivery } });
    keyboards.keep(press('a'));
    keyboards.keep(press('b'));
    expect(JSON.stringify(keyboards.take('a'))).toContain(CODE);
    expect(keyboards.take('a')).toBeNull();
    now += 5 * 60_000;
    expect(keyboards.take('b')).toBeNull();
  });

  it('keeps nothing of a keyboard without copy buttons', () => {
    const keyboards = createPressedKeyboards(clock);
    const plainMessage = { ...delivery, reply_markup: { inline_keyboard: [[{ text: 'Confirm', callback_data: 'ok' }]] } } as unknown as UserMessage;
    keyboards.keep({ update_id: 1, callback_query: { id: 'c', from: person, chat_instance: 'c', data: 'ok', message: plainMessage } });
    expect(keyboards.take('c')).toBeNull();
  });
});

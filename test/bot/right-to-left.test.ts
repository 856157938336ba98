import type { Transformer } from 'grammy';
import type { MessageEntity } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { markLines, rightToLeftLayout } from '../../src/bot/right-to-left.js';

const RLM = '\u200F';

/** What the transformer hands on for one call, the rest of the chain replaced by a recorder. */
async function sent(transformer: Transformer, method: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  let handed: Record<string, unknown> = {};
  const prev = (async (_method: string, body: Record<string, unknown>) => {
    handed = body;
    return { ok: true, result: true };
  }) as unknown as Parameters<Transformer>[0];
  await transformer(prev, method as never, payload as never);
  return handed;
}

describe('Persian messages laid out right to left', () => {
  it('marks each line that would open left to right, and leaves lines that open in Persian, with a command or with digits alone', () => {
    const text = ['۱. Google Play 10 USD (US) × ۲', '۲. گیفت کارت اپل × ۱', '/approvals threshold <مبلغ>', '۱۲۳', 'Ada سفارش شما را تأیید کرد.'].join('\n');
    expect(markLines(text, [])?.text.split('\n')).toEqual([
      `${RLM}۱. Google Play 10 USD (US) × ۲`,
      '۲. گیفت کارت اپل × ۱',
      '/approvals threshold <مبلغ>',
      '۱۲۳',
      `${RLM}Ada سفارش شما را تأیید کرد.`,
    ]);
    expect(markLines('سفارش A100234 تحویل شد', [])).toBeNull();
  });

  it('moves every entity with its text: a spoiler keeps exactly its code, a bold heading its words', () => {
    const text = 'Google Play 10 USD × ۲\nکد: ABCD-1234\nABCD-5678\nپایان';
    const code = (value: string): MessageEntity => ({ type: 'spoiler', offset: text.indexOf(value), length: value.length });
    const entities: MessageEntity[] = [{ type: 'bold', offset: 0, length: 18 }, code('ABCD-1234'), code('ABCD-5678'), { type: 'italic', offset: 0, length: text.length }];
    const marked = markLines(text, entities)!;
    const covered = (entity: MessageEntity) => marked.text.slice(entity.offset, entity.offset + entity.length);
    expect(covered(marked.entities[0]!)).toBe('Google Play 10 USD');
    expect(covered(marked.entities[1]!)).toBe('ABCD-1234');
    expect(covered(marked.entities[2]!)).toBe('ABCD-5678');
    expect(covered(marked.entities[3]!)).toBe(marked.text.slice(1));
  });

  it('reaches only Persian readers, texts and captions alike, and never a text it would push over the limit', async () => {
    const layout = rightToLeftLayout((chatId) => (chatId === 1 ? 'fa' : 'en'));
    const persian = await sent(layout, 'sendMessage', { chat_id: 1, text: 'Ada سفارش را تأیید کرد.', entities: [] });
    expect(persian['text']).toBe(`${RLM}Ada سفارش را تأیید کرد.`);
    const english = await sent(layout, 'sendMessage', { chat_id: 2, text: 'Ada approved it.' });
    expect(english['text']).toBe('Ada approved it.');
    const caption = await sent(layout, 'sendDocument', { chat_id: 1, caption: 'orders.csv فایل' });
    expect(caption['caption']).toBe(`${RLM}orders.csv فایل`);
    const full = 'A'.repeat(4096);
    expect((await sent(layout, 'sendMessage', { chat_id: 1, text: full }))['text']).toBe(full);
    expect(await sent(layout, 'answerCallbackQuery', { callback_query_id: '1', text: 'Ada' })).toEqual({ callback_query_id: '1', text: 'Ada' });
  });
});

import { describe, expect, it } from 'vitest';
import { sandboxBadge } from '../../src/bot/sandbox-badge.js';
import { chatDriver } from '../e2e/chat-driver.js';
import { STAFF, startBotWorld } from './conversations/order/bot-world.js';

type Sent = { method: string; payload: Record<string, unknown> };

/** Runs one API call through the transformer and returns what would reach Telegram. */
async function through(method: string, payload: Record<string, unknown>, locale: 'en' | 'fa' = 'en'): Promise<Sent> {
  const transformer = sandboxBadge(() => locale);
  let sent: Sent | undefined;
  const prev = (async (m: string, p: Record<string, unknown>) => {
    sent = { method: m, payload: p };
    return { ok: true, result: true };
  }) as unknown as Parameters<typeof transformer>[0];
  await transformer(prev, method as never, payload as never);
  return sent!;
}

describe('the sandbox badge on what the bot sends', () => {
  it('tops a plain message, in bold, and moves its entities past the badge', async () => {
    const sent = await through('sendMessage', { chat_id: 7, text: 'Hello Sam', entities: [{ type: 'bold', offset: 6, length: 3 }] });
    expect(sent.payload['text']).toBe('[SANDBOX]\nHello Sam');
    expect(sent.payload['entities']).toEqual([
      { type: 'bold', offset: 0, length: 9 },
      { type: 'bold', offset: 16, length: 3 },
    ]);
  });

  it('speaks the reader’s language', async () => {
    const sent = await through('editMessageText', { chat_id: 7, message_id: 3, text: 'سلام' }, 'fa');
    expect(sent.payload['text']).toBe('[آزمایشی · SANDBOX]\nسلام');
  });

  it('tops a rich report with the badge as its first block, in bold, in the reader’s language', async () => {
    const table = { type: 'table', cells: [[{ text: 'x', align: 'left', valign: 'top' }]] };
    const sent = await through('sendRichMessage', { chat_id: 7, rich_message: { blocks: [table], is_rtl: true } }, 'fa');
    expect(sent.payload['rich_message']).toEqual({ blocks: [{ type: 'paragraph', text: { type: 'bold', text: '[آزمایشی · SANDBOX]' } }, table], is_rtl: true });
  });

  it('leaves a text that already shows the badge, a parse_mode text, and other methods alone', async () => {
    expect((await through('sendMessage', { chat_id: 7, text: 'Order placed [SANDBOX]' })).payload['text']).toBe('Order placed [SANDBOX]');
    expect((await through('sendMessage', { chat_id: 7, text: '*hi*', parse_mode: 'MarkdownV2' })).payload['text']).toBe('*hi*');
    expect((await through('answerCallbackQuery', { callback_query_id: '1', text: 'Done' })).payload['text']).toBe('Done');
  });

  it('badges the caption of a document', async () => {
    expect((await through('sendDocument', { chat_id: 7, caption: 'Orders, March' })).payload['caption']).toBe('[SANDBOX]\nOrders, March');
  });

  it('never pushes a text over Telegram’s 4,096 characters', async () => {
    const long = 'x'.repeat(4090);
    expect((await through('sendMessage', { chat_id: 7, text: long })).payload['text']).toBe(long);
  });

  it('is on /start and on every step of the order menus in sandbox mode', async () => {
    const world = await startBotWorld();
    const chat = chatDriver(world.telegram, STAFF);
    expect((await chat.say('/start', /Hello/)).text).toMatch(/^\[SANDBOX\]\n/);
    expect((await chat.say('/order', /Choose a category/)).text).toMatch(/^\[SANDBOX\]\n/);
    expect((await chat.say('Google Play 10', /Products matching/)).text).toMatch(/^\[SANDBOX\]\n/);
  });
});

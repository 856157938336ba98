import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeBotApi, RICH_LIMITS, richTables, type FakeBotApi } from '../support/fake-bot-api/index.js';

const alice = { id: 1001, firstName: 'Alice' };
let telegram: FakeBotApi;

async function send(richMessage: unknown): Promise<{ ok: boolean; error_code?: number; description?: string }> {
  const response = await fetch(`${telegram.apiRoot}/bot${telegram.token}/sendRichMessage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chat_id: alice.id, rich_message: richMessage }),
  });
  return (await response.json()) as { ok: boolean; error_code?: number; description?: string };
}
const cell = (text: string) => ({ text, align: 'left', valign: 'top' });
const table = (rows: number, columns: number) => ({ type: 'table', cells: Array.from({ length: rows }, () => Array.from({ length: columns }, () => cell('x'))) });

beforeEach(async () => {
  telegram = await createFakeBotApi({ richMessages: 'supported' });
  telegram.addChat(alice);
});
afterEach(async () => {
  await telegram.close();
});

describe('the fake Bot API’s rich messages', () => {
  it('keeps a rich message with its cells', async () => {
    expect((await send({ blocks: [table(2, 3)], is_rtl: true })).ok).toBe(true);
    const sent = telegram.lastMessage(alice.id)!;
    expect(richTables(sent.rich)).toEqual([[['x', 'x', 'x'], ['x', 'x', 'x']]]);
    expect(sent.rich?.is_rtl).toBe(true);
  });

  it('refuses malformed ones with a 400, as Telegram does', async () => {
    const refused = [
      { html: '<b>x</b>', blocks: [table(1, 1)] },
      {},
      { blocks: [] },
      { blocks: [{ type: 'table', cells: [[{ text: 'x' }]] }] },
      { blocks: [{ type: 'no-such-block', text: 'x' }] },
      { blocks: [{ type: 'heading', size: 9, text: 'x' }] },
      { blocks: [{ type: 'paragraph', text: 7 }] },
    ];
    for (const rich of refused) expect(await send(rich), JSON.stringify(rich)).toMatchObject({ ok: false, error_code: 400 });
    expect(telegram.messages(alice.id)).toEqual([]);
  });

  it('holds to the documented limits: 20 columns, 500 blocks, 32,768 characters', async () => {
    expect((await send({ blocks: [table(1, RICH_LIMITS.columns)] })).ok).toBe(true);
    expect(await send({ blocks: [table(1, RICH_LIMITS.columns + 1)] })).toMatchObject({ error_code: 400, description: expect.stringMatching(/columns/) });
    expect((await send({ blocks: [table(RICH_LIMITS.blocks - 1, 1)] })).ok).toBe(true);
    expect(await send({ blocks: [table(RICH_LIMITS.blocks, 1)] })).toMatchObject({ error_code: 400, description: expect.stringMatching(/blocks/) });
    expect((await send({ blocks: [{ type: 'paragraph', text: 'ب'.repeat(RICH_LIMITS.characters) }] })).ok).toBe(true);
    expect(await send({ blocks: [{ type: 'paragraph', text: 'ب'.repeat(RICH_LIMITS.characters + 1) }] })).toMatchObject({ error_code: 400, description: expect.stringMatching(/too long/) });
  });

  it('answers 404 as a server from before rich messages, when told to refuse them', async () => {
    telegram.setRichMessages('refused');
    expect(await send({ blocks: [table(1, 1)] })).toMatchObject({ ok: false, error_code: 404 });
  });
});

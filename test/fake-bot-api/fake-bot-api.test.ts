import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Bot, GrammyError, InlineKeyboard, InputFile } from 'grammy';
import type { Update } from 'grammy/types';
import { createManualClock } from '../support/manual-clock.js';
import { createFakeBotApi, type ApiResponse, type FakeBotApi } from '../support/fake-bot-api/index.js';

const alice = { id: 1001, firstName: 'Alice', languageCode: 'en' };

let api: FakeBotApi;

beforeEach(async () => {
  api = await createFakeBotApi();
});

afterEach(async () => {
  await api.close();
});

async function call(method: string, payload: Record<string, unknown> = {}): Promise<ApiResponse & { status: number }> {
  const res = await fetch(`${api.apiRoot}/bot${api.token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return { ...((await res.json()) as ApiResponse), status: res.status };
}

async function expectError(method: string, payload: Record<string, unknown>, code: number, description: string | RegExp) {
  const response = await call(method, payload);
  expect(response.ok).toBe(false);
  expect(response.status).toBe(code);
  if (response.ok) return;
  expect(response.error_code).toBe(code);
  if (typeof description === 'string') expect(response.description).toBe(description);
  else expect(response.description).toMatch(description);
}


function startBot(setup: (bot: Bot) => void): { bot: Bot; running: Promise<void> } {
  const bot = new Bot(api.token, { client: { apiRoot: api.apiRoot } });
  bot.catch(() => undefined);
  setup(bot);
  return { bot, running: bot.start() };
}

describe('a grammY bot talking to the fake', () => {
  it('receives a command and its reply lands in the chat', async () => {
    const { bot, running } = startBot((b) => b.command('start', (ctx) => ctx.reply(`Hello ${ctx.from?.first_name}`)));
    api.sendText(alice, '/start');

    const reply = await api.waitForMessage(alice.id, 'Hello Alice');
    expect(reply.chat_id).toBe(alice.id);
    await bot.stop();
    await running;
  });

  it('stops cleanly, confirming the updates it handled', async () => {
    const { bot, running } = startBot((b) => b.on('message:text', (ctx) => ctx.reply('ok')));
    api.sendText(alice, 'hi');
    await api.waitForMessage(alice.id, 'ok');

    const started = Date.now();
    await bot.stop();
    await running;
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(api.pendingUpdates()).toEqual([]);
  });

  it('delivers a button press and records the callback answer', async () => {
    const { bot, running } = startBot((b) => {
      b.command('menu', (ctx) => ctx.reply('Pick one', { reply_markup: new InlineKeyboard().text('Gift cards', 'cat:gift') }));
      b.callbackQuery('cat:gift', async (ctx) => {
        await ctx.answerCallbackQuery({ text: 'Loading' });
        await ctx.editMessageText('Gift cards');
      });
    });
    api.sendText(alice, '/menu');
    const menu = await api.waitForMessage(alice.id, 'Pick one');

    const queryId = api.clickButton(alice, menu, 'Gift cards');
    await api.waitForMessage(alice.id, (m) => m.message_id === menu.message_id && m.text === 'Gift cards');
    expect(api.callbackAnswer(queryId)).toEqual({ text: 'Loading' });
    expect(api.lastMessage(alice.id)?.reply_markup).toBeUndefined();
    await bot.stop();
    await running;
  });

  it('surfaces a 403 to the bot as a GrammyError once the user blocked it', async () => {
    api.addChat(alice);
    api.blockBy(alice.id);
    const bot = new Bot(api.token, { client: { apiRoot: api.apiRoot } });

    const error = await bot.api.sendMessage(alice.id, 'news').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GrammyError);
    expect((error as GrammyError).error_code).toBe(403);
    expect((error as GrammyError).description).toBe('Forbidden: bot was blocked by the user');
  });

  it('passes retry_after of an injected 429 through to the bot', async () => {
    api.addChat(alice);
    api.failNext('sendMessage', { code: 429, description: 'Too Many Requests: retry after 7', retryAfter: 7 });
    const bot = new Bot(api.token, { client: { apiRoot: api.apiRoot } });

    const error = (await bot.api.sendMessage(alice.id, 'x').catch((e: unknown) => e)) as GrammyError;
    expect(error.error_code).toBe(429);
    expect(error.parameters.retry_after).toBe(7);
    await expect(bot.api.sendMessage(alice.id, 'x')).resolves.toMatchObject({ text: 'x' });
  });
});

describe('sendMessage validation', () => {
  beforeEach(() => api.addChat(alice));

  it('accepts exactly 4096 characters', async () => {
    expect((await call('sendMessage', { chat_id: alice.id, text: 'a'.repeat(4096) })).ok).toBe(true);
  });

  it('rejects 4097 characters as too long', async () => {
    await expectError('sendMessage', { chat_id: alice.id, text: 'a'.repeat(4097) }, 400, 'Bad Request: message is too long');
  });

  it('counts length after HTML markup is removed', async () => {
    const response = await call('sendMessage', { chat_id: alice.id, text: `<b>${'a'.repeat(4096)}</b>`, parse_mode: 'HTML' });
    expect(response.ok).toBe(true);
  });

  it('counts length in UTF-16 code units', async () => {
    await expectError('sendMessage', { chat_id: alice.id, text: '🎁'.repeat(2049) }, 400, 'Bad Request: message is too long');
  });

  it('rejects empty text', async () => {
    await expectError('sendMessage', { chat_id: alice.id, text: '' }, 400, 'Bad Request: message text is empty');
  });

  it('rejects an unclosed HTML tag', async () => {
    await expectError(
      'sendMessage',
      { chat_id: alice.id, text: '<b>unclosed', parse_mode: 'HTML' },
      400,
      'Bad Request: can\'t parse entities: Can\'t find end tag corresponding to start tag "b"',
    );
  });

  it('rejects an unsupported HTML tag with its byte offset', async () => {
    await expectError(
      'sendMessage',
      { chat_id: alice.id, text: 'é <div>x</div>', parse_mode: 'HTML' },
      400,
      'Bad Request: can\'t parse entities: Unsupported start tag "div" at byte offset 3',
    );
  });

  it('rejects an unescaped reserved character in MarkdownV2', async () => {
    await expectError(
      'sendMessage',
      { chat_id: alice.id, text: 'Total: 5.00', parse_mode: 'MarkdownV2' },
      400,
      "Bad Request: can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\'",
    );
  });

  it('stores parsed MarkdownV2 as plain text with entities', async () => {
    await call('sendMessage', { chat_id: alice.id, text: '*Code:* `AB\\-12`\\.', parse_mode: 'MarkdownV2' });
    expect(api.lastMessage(alice.id)).toMatchObject({
      text: 'Code: AB-12.',
      entities: [
        { type: 'bold', offset: 0, length: 5 },
        { type: 'code', offset: 6, length: 5 },
      ],
    });
  });

  it('rejects an entity that ends past the text', async () => {
    await expectError(
      'sendMessage',
      { chat_id: alice.id, text: 'hello', entities: [{ type: 'bold', offset: 2, length: 9 }] },
      400,
      'Bad Request: entity beginning at UTF-16 offset 2 ends after the end of the text at UTF-16 offset 11',
    );
  });

  it('rejects callback_data over 64 bytes even when under 64 characters', async () => {
    const data = 'é'.repeat(33);
    const reply_markup = { inline_keyboard: [[{ text: 'Buy', callback_data: data }]] };
    await expectError('sendMessage', { chat_id: alice.id, text: 'x', reply_markup }, 400, 'Bad Request: BUTTON_DATA_INVALID');
  });

  it('rejects an inline button whose callback_data is empty', async () => {
    const reply_markup = { inline_keyboard: [[{ text: 'Buy', callback_data: '' }]] };
    await expectError(
      'sendMessage',
      { chat_id: alice.id, text: 'x', reply_markup },
      400,
      "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
    );
  });

  it('keeps button styles and disabled buttons with the message (Bot API 9.4)', async () => {
    api.addChat(alice);
    const reply_markup = { inline_keyboard: [[{ text: 'Pay', callback_data: 'ok', style: 'success' }, { text: 'Paid', disabled: {}, style: 'danger' }]] };
    const sent = await call('sendMessage', { chat_id: alice.id, text: 'x', reply_markup });
    expect(sent.ok).toBe(true);
    expect(api.lastMessage(alice.id)?.reply_markup).toEqual(reply_markup);
    expect(() => api.clickButton(alice, api.lastMessage(alice.id)!, 'Paid')).toThrow(/No callback button "?Paid/);
    const odd = { inline_keyboard: [[{ text: 'Pay', callback_data: 'ok', style: 'green' }]] };
    await expectError('sendMessage', { chat_id: alice.id, text: 'x', reply_markup: odd }, 400, 'Bad Request: BUTTON_STYLE_INVALID');
  });

  it('refuses styles and disabled buttons when told to act as an older server that refuses unknown fields', async () => {
    api.addChat(alice);
    api.setButtonLooks('refused');
    const styled = { inline_keyboard: [[{ text: 'Pay', callback_data: 'ok', style: 'success' }]] };
    await expectError('sendMessage', { chat_id: alice.id, text: 'x', reply_markup: styled }, 400, /can't parse inline keyboard button: Field "style"/);
    const disabled = { inline_keyboard: [[{ text: 'Paid', disabled: {} }]] };
    await expectError('editMessageReplyMarkup', { chat_id: alice.id, message_id: 1, reply_markup: disabled }, 400, /Text buttons are unallowed/);
    expect((await call('sendMessage', { chat_id: alice.id, text: 'x', reply_markup: { inline_keyboard: [[{ text: 'Pay', callback_data: 'ok' }]] } })).ok).toBe(true);
  });

  it('rejects a chat that never wrote to the bot', async () => {
    await expectError('sendMessage', { chat_id: 424242, text: 'x' }, 400, 'Bad Request: chat not found');
  });

  it('answers 403 for a user who blocked the bot', async () => {
    api.blockBy(alice.id);
    await expectError('sendMessage', { chat_id: alice.id, text: 'x' }, 403, 'Forbidden: bot was blocked by the user');
  });

  it('answers an injected 429 with retry_after, then recovers', async () => {
    api.failNext('sendMessage', { code: 429, description: 'Too Many Requests: retry after 3', retryAfter: 3 });
    expect(await call('sendMessage', { chat_id: alice.id, text: 'x' })).toEqual({
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 3',
      parameters: { retry_after: 3 },
      status: 429,
    });
    expect((await call('sendMessage', { chat_id: alice.id, text: 'x' })).ok).toBe(true);
  });

  it('gives each chat its own increasing message ids', async () => {
    const group = { id: -5001, type: 'group' as const, title: 'Staff' };
    api.sendText(alice, 'hi', group);
    const first = await call('sendMessage', { chat_id: group.id, text: 'one' });
    const second = await call('sendMessage', { chat_id: group.id, text: 'two' });
    expect([first, second].map((r) => (r.ok ? (r.result as { message_id: number }).message_id : 0))).toEqual([2, 3]);
  });

  it('logs multipart parameters parsed like JSON ones', async () => {
    const form = new FormData();
    form.set('chat_id', String(alice.id));
    form.set('text', 'from a form');
    form.set('reply_markup', JSON.stringify({ inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] }));
    await fetch(`${api.apiRoot}/bot${api.token}/sendMessage`, { method: 'POST', body: form });
    expect(api.callsTo('sendMessage')[0]?.payload).toEqual({
      chat_id: alice.id,
      text: 'from a form',
      reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] },
    });
  });
});

describe('documents', () => {
  it('keeps the bytes, name and caption of a document grammY uploads', async () => {
    api.addChat(alice);
    const bot = new Bot(api.token, { client: { apiRoot: api.apiRoot } });
    const bytes = Buffer.from('\uFEFFname,amount\r\nسارا,12\r\n', 'utf8');
    await bot.api.sendDocument(alice.id, new InputFile(bytes, 'report.csv'), { caption: 'The report' });
    const sent = api.lastMessage(alice.id);
    expect(sent?.text).toBe('The report');
    expect(sent?.document?.fileName).toBe('report.csv');
    expect(sent?.document?.content.equals(bytes)).toBe(true);
  });

  it('refuses a caption longer than 1024 characters', async () => {
    api.addChat(alice);
    const bot = new Bot(api.token, { client: { apiRoot: api.apiRoot } });
    const sending = bot.api.sendDocument(alice.id, new InputFile(Buffer.from('x'), 'x.csv'), { caption: 'c'.repeat(1025) });
    await expect(sending).rejects.toThrow(/caption is too long/);
  });
});

describe('editing and deleting', () => {
  let messageId: number;
  beforeEach(async () => {
    api.addChat(alice);
    const sent = await call('sendMessage', { chat_id: alice.id, text: 'v1' });
    messageId = sent.ok ? (sent.result as { message_id: number }).message_id : 0;
  });

  it('shows the edited text in the chat state', async () => {
    await call('editMessageText', { chat_id: alice.id, message_id: messageId, text: 'v2' });
    expect(api.messages(alice.id)).toMatchObject([{ message_id: messageId, text: 'v2', edits: 1 }]);
  });

  it('refuses an edit that changes nothing', async () => {
    await expectError('editMessageText', { chat_id: alice.id, message_id: messageId, text: 'v1' }, 400, /^Bad Request: message is not modified/);
  });

  it('refuses to edit a message that does not exist', async () => {
    await expectError('editMessageText', { chat_id: alice.id, message_id: 999, text: 'x' }, 400, 'Bad Request: message to edit not found');
  });

  it('marks a deleted message and hides it from lastMessage', async () => {
    await call('deleteMessage', { chat_id: alice.id, message_id: messageId });
    expect(api.messages(alice.id)[0]?.deleted).toBe(true);
    expect(api.lastMessage(alice.id)).toBeUndefined();
  });
});

describe('callback queries', () => {
  it('refuses a second answer to the same query', async () => {
    api.addChat(alice);
    await call('sendMessage', { chat_id: alice.id, text: 'x', reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] } });
    const id = api.pressButton(alice, 1, 'a');
    expect((await call('answerCallbackQuery', { callback_query_id: id })).ok).toBe(true);
    await expectError(
      'answerCallbackQuery',
      { callback_query_id: id },
      400,
      'Bad Request: query is too old and response timeout expired or query ID is invalid',
    );
  });

  it('will not press a button the message does not have, and says which it has', async () => {
    api.addChat(alice);
    await call('sendMessage', { chat_id: alice.id, text: 'x', reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] } });
    expect(() => api.pressButton(alice, 1, 'b')).toThrow(/"A" -> "a"/);
  });
});

describe('bot commands', () => {
  it('keeps command lists per scope and language', async () => {
    const scope = { type: 'all_private_chats' };
    await call('setMyCommands', { commands: [{ command: 'order', description: 'سفارش' }], scope, language_code: 'fa' });
    const fa = await call('getMyCommands', { scope, language_code: 'fa' });
    const en = await call('getMyCommands', { scope });
    expect([fa.ok && fa.result, en.ok && en.result]).toEqual([[{ command: 'order', description: 'سفارش' }], []]);
  });

  it('rejects a command name with capitals', async () => {
    await expectError('setMyCommands', { commands: [{ command: 'Order', description: 'x' }] }, 400, 'Bad Request: BOT_COMMAND_INVALID');
  });
});

describe('routing', () => {
  it('answers 404 for an unknown method', async () => {
    await expectError('sendTelepathy', {}, 404, 'Not Found');
  });

  it('answers 401 for a wrong token', async () => {
    const res = await fetch(`${api.apiRoot}/bot999:wrong/getMe`);
    expect(await res.json()).toEqual({ ok: false, error_code: 401, description: 'Unauthorized' });
  });
});

describe('getUpdates', () => {
  const ids = (response: ApiResponse) => (response.ok ? (response.result as Update[]).map((u) => u.update_id) : 'error');

  it('holds a long poll until an update arrives', async () => {
    const poll = call('getUpdates', { timeout: 10 });
    await api.waitFor(() => api.callsTo('getUpdates').length === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('getUpdates')[0]?.response).toBeUndefined();

    api.sendText(alice, 'wake up');
    expect(ids(await poll)).toEqual([1]);
  });

  it('answers an empty list when the timeout passes', async () => {
    const clock = createManualClock(1_700_000_000_000);
    const timed = await createFakeBotApi({ clock });
    const poll = fetch(`${timed.apiRoot}/bot${timed.token}/getUpdates?timeout=30`).then((r) => r.json());
    await timed.waitFor(() => timed.calls.length === 1);
    clock.advance(30_000);
    expect(await poll).toEqual({ ok: true, result: [] });
    await timed.close();
  });

  it('forgets updates below the offset', async () => {
    api.sendText(alice, 'one');
    api.sendText(alice, 'two');
    expect(ids(await call('getUpdates'))).toEqual([1, 2]);
    expect(ids(await call('getUpdates', { offset: 2 }))).toEqual([2]);
    expect(api.pendingUpdates().map((u) => u.update_id)).toEqual([2]);
  });

  it('honours the limit', async () => {
    api.sendText(alice, 'one');
    api.sendText(alice, 'two');
    expect(ids(await call('getUpdates', { limit: 1 }))).toEqual([1]);
  });

  it('ends the older of two overlapping long polls with 409', async () => {
    const first = call('getUpdates', { timeout: 10 });
    await api.waitFor(() => api.callsTo('getUpdates').length === 1);
    const second = call('getUpdates', { timeout: 0 });
    expect(await first).toMatchObject({ ok: false, error_code: 409, description: /^Conflict: terminated by other getUpdates request/ });
    expect((await second).ok).toBe(true);
  });

  it('lets close() finish quickly while a long poll is held', async () => {
    const poll = call('getUpdates', { timeout: 50 }).catch(() => 'dropped');
    await api.waitFor(() => api.callsTo('getUpdates').length === 1);
    const started = Date.now();
    await api.close();
    await poll;
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('delivers channel posts for channels', async () => {
    api.sendText(alice, 'announcement', { id: -100777, type: 'channel', title: 'News' });
    const response = await call('getUpdates');
    expect(response.ok && (response.result as Update[])[0]?.channel_post?.chat).toEqual({ id: -100777, type: 'channel', title: 'News' });
  });
});

describe('waiting helpers', () => {
  it('time out with the recent calls in the message', async () => {
    api.addChat(alice);
    await call('sendMessage', { chat_id: alice.id, text: 'something else' });
    await expect(api.waitForMessage(alice.id, 'never', { timeoutMs: 30 })).rejects.toThrow(/"something else"[\s\S]*sendMessage/);
  });
});

describe('webhooks', () => {
  /** A webhook receiver on loopback that records what Telegram posts and answers with `status`. */
  async function receiver(status = 200) {
    const { createServer } = await import('node:http');
    const received: { secret: string | undefined; update: Update }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ secret: req.headers['x-telegram-bot-api-secret-token'] as string | undefined, update: JSON.parse(body) as Update });
        res.writeHead(status);
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    return { url: `http://127.0.0.1:${port}/hook`, received, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('posts queued updates to the registered webhook with the secret token', async () => {
    const hook = await receiver();
    api.sendText(alice, 'before the webhook');
    expect((await call('setWebhook', { url: hook.url, secret_token: 's3cret_token' })).ok).toBe(true);
    api.sendText(alice, 'after');

    // An update leaves the queue once the webhook's answer is back, a moment after the receiver has it.
    await api.waitFor(() => (hook.received.length === 2 && api.pendingUpdates().length === 0) || undefined);
    expect(hook.received.map((r) => [r.secret, r.update.message?.text])).toEqual([
      ['s3cret_token', 'before the webhook'],
      ['s3cret_token', 'after'],
    ]);
    expect(api.pendingUpdates()).toEqual([]);
    expect(api.webhook()).toMatchObject({ url: hook.url, secretToken: 's3cret_token' });
    await hook.close();
  });

  it('keeps an update the webhook refused and tries it again', async () => {
    const hook = await receiver(500);
    await call('setWebhook', { url: hook.url });
    api.sendText(alice, 'refused');

    await api.waitFor(() => hook.received.length >= 2 || undefined);
    expect(api.pendingUpdates()).toHaveLength(1);
    expect(api.webhookDeliveries.every((d) => d.status === 500)).toBe(true);
    await hook.close();
  });

  it('refuses getUpdates while a webhook is set, until deleteWebhook', async () => {
    const hook = await receiver();
    await call('setWebhook', { url: hook.url });
    await expectError('getUpdates', {}, 409, /webhook is active/);

    expect((await call('deleteWebhook', { drop_pending_updates: false })).ok).toBe(true);
    expect(api.webhook()).toBeNull();
    expect((await call('getUpdates', {})).ok).toBe(true);
    await hook.close();
  });

  it('refuses a secret token Telegram would refuse', async () => {
    await expectError('setWebhook', { url: 'https://example.com/hook', secret_token: 'not allowed!' }, 400, /secret token/);
  });
});

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Api, HttpError, InputFile } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { botApiFetch } from '../../src/bot/bot-api-fetch.js';
import { describeTelegramFailure } from '../../src/bot/connect-telegram.js';
import { createTelegramApi } from '../../src/bot/telegram-api.js';
import { systemClock } from '../../src/clock.js';
import { createFakeBotApi, type FakeBotApi } from '../support/fake-bot-api/index.js';
import { STAFF } from '../support/fake-people.js';

const TOKEN = '123456:secret-token-never-in-an-error';
const opened: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0)) await thing.close();
});

async function fakeTelegram(): Promise<FakeBotApi> {
  const telegram = await createFakeBotApi({ clock: systemClock });
  opened.push(telegram);
  return telegram;
}

/** A server that takes requests and answers with `answer`, or never when it is null; it remembers each request's headers. */
async function rawServer(answer: ((req: IncomingMessage) => { status: number; body: string }) | null) {
  const seen: IncomingMessage['headers'][] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    if (answer === null) return;
    const { status, body } = answer(req);
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  opened.push({ close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) });
  return { apiRoot: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('the Bot API client over Node’s own http', () => {
  it('sends a message and reads Telegram’s answer', async () => {
    const telegram = await fakeTelegram();
    telegram.sendText(STAFF, 'hi');
    const api = new Api(telegram.token, { apiRoot: telegram.apiRoot, fetch: botApiFetch });
    const sent = await api.sendMessage(STAFF.id, 'Your order is placed', { reply_markup: { inline_keyboard: [[{ text: 'OK', callback_data: 'ok' }]] } });
    expect(sent.text).toBe('Your order is placed');
    expect(telegram.messages(STAFF.id).at(-1)?.text).toBe('Your order is placed');
  });

  it('sends each call to its own server, method and path, however many bots share the client', async () => {
    const paths: string[][] = [[], []];
    const servers = await Promise.all(
      [0, 1].map((n) =>
        rawServer((req) => {
          paths[n]!.push(req.url ?? '');
          return { status: 200, body: JSON.stringify({ ok: true, result: n === 0 ? true : { id: 1, is_bot: true, first_name: 'B', username: 'b' } }) };
        }),
      ),
    );
    const first = new Api(TOKEN, { apiRoot: servers[0]!.apiRoot, fetch: botApiFetch });
    const second = new Api('654321:another', { apiRoot: `${servers[1]!.apiRoot}/telegram`, fetch: botApiFetch });
    for (let i = 0; i < 2; i += 1) {
      await first.deleteWebhook();
      await second.getMe();
    }
    expect(paths[0]).toEqual([`/bot${TOKEN}/deleteWebhook`, `/bot${TOKEN}/deleteWebhook`]);
    expect(paths[1]).toEqual(['/telegram/bot654321:another/getMe', '/telegram/bot654321:another/getMe']);
  });

  it('uploads a file as grammY streams it, byte for byte', async () => {
    const telegram = await fakeTelegram();
    telegram.sendText(STAFF, 'hi');
    const api = new Api(telegram.token, { apiRoot: telegram.apiRoot, fetch: botApiFetch });
    const bytes = Buffer.from(Array.from({ length: 200_000 }, (_, i) => i % 251));
    await api.sendDocument(STAFF.id, new InputFile(bytes, 'codes.csv'), { caption: 'The codes' });
    const document = telegram.messages(STAFF.id).at(-1)?.document;
    expect(document?.fileName).toBe('codes.csv');
    expect(Buffer.compare(document!.content, bytes)).toBe(0);
  });

  it('is what the bot’s and the notifications’ connections use: no node-fetch on the wire', async () => {
    const server = await rawServer(() => ({ status: 200, body: JSON.stringify({ ok: true, result: true }) }));
    const api = createTelegramApi({ botToken: TOKEN, telegramApiRoot: server.apiRoot, sandboxMode: false }, { retry: false, localeOf: () => 'en' });
    await api.deleteMessage(1, 2);
    // node-fetch names itself in every request it makes; this client sends nothing it does not need.
    expect(server.seen[0]?.['user-agent']).toBeUndefined();
    expect(server.seen[0]?.['content-type']).toMatch(/^application\/json/);
  });

  it('answers a refused connection with grammY’s HttpError, naming the cause but never the token', async () => {
    const server = await rawServer(null);
    const apiRoot = server.apiRoot;
    await opened.pop()!.close();
    const api = new Api(TOKEN, { apiRoot, fetch: botApiFetch });
    const error = await api.getMe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(String((error as Error).message)).not.toContain('secret-token');
    expect(describeTelegramFailure(error, apiRoot)).toContain('ECONNREFUSED');
  });

  it('gives up on an answer that never comes at grammY’s timeout', async () => {
    const server = await rawServer(null);
    const api = new Api(TOKEN, { apiRoot: server.apiRoot, fetch: botApiFetch, timeoutSeconds: 1 });
    const started = Date.now();
    const error = await api.getMe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reads an error answer as grammY does, so a 429 is still waited out by the retry', async () => {
    let calls = 0;
    const server = await rawServer(() => {
      calls += 1;
      return calls === 1
        ? { status: 429, body: JSON.stringify({ ok: false, error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } }) }
        : { status: 200, body: JSON.stringify({ ok: true, result: true }) };
    });
    const api = createTelegramApi({ botToken: TOKEN, telegramApiRoot: server.apiRoot, sandboxMode: false }, { retry: true, localeOf: () => 'en' });
    await expect(api.deleteMessage(1, 2)).resolves.toBe(true);
    expect(calls).toBe(2);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { Api } from 'grammy';
import { createTelegramApi } from '../../src/bot/telegram-api.js';
import { createTelegramPace, TELEGRAM_LIMITS, type PaceLimits } from '../../src/bot/telegram-pace.js';
import { systemClock } from '../../src/clock.js';
import { createFakeBotApi, type FakeBotApi, type FakeRateLimits, type RecordedCall } from '../support/fake-bot-api/index.js';

/**
 * Telegram's limits scaled down so the test takes seconds: a message
 * every 500 ms per chat, six in any 200 ms overall (fan-outs five, one
 * every 40 ms). The fake is as
 * strict as Telegram's numbers with room for the loopback's own jitter
 * (a request dispatched on time may still arrive a little late or early).
 */
const PACE: PaceLimits = { chatSpacingMs: 500, groupMax: 20, groupWindowMs: 60_000, globalMax: 6, globalWindowMs: 200, fanOutMax: 5 };
// Room for a loaded machine's jitter (a test run shares its cores with many others); an unpaced burst still meets 429s.
const TELEGRAM: FakeRateLimits = { chatSpacingMs: 250, globalMax: 9, globalWindowMs: 200 };
const ONE_CHAT = 7;

let fake: FakeBotApi | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function fakeWithChats(): Promise<FakeBotApi> {
  fake = await createFakeBotApi({ rateLimits: TELEGRAM });
  for (let id = 1; id <= 60; id++) fake.addChat({ id: 1000 + id, type: 'private' });
  fake.addChat({ id: ONE_CHAT, type: 'private' });
  fake.addChat({ id: 5, type: 'private' });
  return fake;
}

const sends = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'sendMessage');
const busiestWindow = (times: number[], windowMs: number) =>
  Math.max(0, ...times.map((start) => times.filter((at) => at >= start && at < start + windowMs).length));

describe('fan-outs through the paced connections against a Bot API that enforces the limits', () => {
  it('60 messages to 60 chats and 10 to one chat meet no 429, and an answer to a person is not held behind them', async () => {
    const api = await fakeWithChats();
    const config = { botToken: api.token, telegramApiRoot: api.apiRoot, sandboxMode: false };
    const pace = createTelegramPace({ clock: systemClock, limits: PACE });
    // As in production: the alerts' connection waits out a 429, the delivery sender's does not; both share the pace.
    const textApi = createTelegramApi(config, { retry: true, localeOf: () => 'en', pace });
    const outboxApi = createTelegramApi(config, { retry: false, localeOf: () => 'en', pace });
    const botApi = new Api(api.token, { apiRoot: api.apiRoot });
    botApi.config.use(pace.interactive());

    const started = Date.now();
    const fanOut = [
      ...Array.from({ length: 10 }, (_, i) => outboxApi.sendMessage(ONE_CHAT, `delivery ${i + 1}`)),
      ...Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? textApi : outboxApi).sendMessage(1001 + i, 'feed')),
    ];
    await new Promise((resolve) => setTimeout(resolve, 800));
    const asked = Date.now();
    await botApi.sendMessage(5, 'your answer');
    const answeredInMs = Date.now() - asked;
    expect(pace.waiting()).toBeGreaterThan(0);
    await Promise.all(fanOut);
    const tookMs = Date.now() - started;

    const calls = sends(api.calls);
    expect(calls.filter((call) => call.response?.ok !== true)).toEqual([]);
    expect(calls).toHaveLength(71);
    expect(busiestWindow(calls.map((call) => call.at), TELEGRAM.globalWindowMs)).toBeLessThanOrEqual(TELEGRAM.globalMax);
    const toOne = calls.filter((call) => call.payload['chat_id'] === ONE_CHAT).map((call) => call.at);
    expect(toOne.slice(1).every((at, i) => at - toOne[i]! >= TELEGRAM.chatSpacingMs)).toBe(true);
    expect(api.messages(ONE_CHAT).map((message) => message.text)).toEqual(Array.from({ length: 10 }, (_, i) => `delivery ${i + 1}`));
    // Paced, not queued: a fan-out's headroom is the answer's.
    expect(answeredInMs).toBeLessThan(1_000);
    // The one chat's ten, 500 ms apart, take the longest: four and a half seconds.
    expect(tookMs).toBeGreaterThanOrEqual(4_500);
    expect(tookMs).toBeLessThan(9_000);
  });

  it.each([
    { name: 'each keeping to its share', shared: true },
    { name: 'each taking the whole limits, as before they were shared', shared: false },
  ])('three instances answering people and fanning out at once against one bot\'s limits: $name', async ({ shared }) => {
    // Telegram's own numbers: a shared window's margin is a fifth of its second, room for a loaded machine's lag.
    fake = await createFakeBotApi({ rateLimits: { chatSpacingMs: 1_000, globalMax: TELEGRAM_LIMITS.globalMax, globalWindowMs: TELEGRAM_LIMITS.globalWindowMs } });
    for (let id = 1; id <= 60; id++) fake.addChat({ id: 1000 + id, type: 'private' });
    const api = fake;
    const config = { botToken: api.token, telegramApiRoot: api.apiRoot, sandboxMode: false };
    const instances = [0, 1, 2].map(() => {
      const pace = createTelegramPace({ clock: systemClock, liveInstances: () => (shared ? 3 : 1) });
      const answers = new Api(api.token, { apiRoot: api.apiRoot });
      answers.config.use(pace.interactive());
      return { answers, fanOut: createTelegramApi(config, { retry: false, localeOf: () => 'en', pace }) };
    });
    // Each instance answers ten people and sends ten messages of news to others, all at once.
    const results = await Promise.allSettled(
      instances.flatMap(({ answers, fanOut }, i) => [
        ...Array.from({ length: 10 }, (_, j) => answers.sendMessage(1001 + i * 20 + j, 'your answer')),
        ...Array.from({ length: 10 }, (_, j) => fanOut.sendMessage(1011 + i * 20 + j, 'news')),
      ]),
    );
    const calls = sends(api.calls);
    const refused = calls.filter((call) => call.response?.ok !== true);
    const accepted = calls.filter((call) => call.response?.ok === true).map((call) => call.at);
    console.log(`three instances ${shared ? 'sharing' : 'not sharing'} the pace: ${calls.length} sends, ${refused.length} refused, busiest second ${busiestWindow(accepted, 1_000)}`);
    if (!shared) {
      expect(refused.length).toBeGreaterThan(0);
      return;
    }
    expect(refused).toEqual([]);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(calls).toHaveLength(60);
  });

  it('without the pace, the same Bot API answers a burst with 429s', async () => {
    const api = await fakeWithChats();
    const bare = new Api(api.token, { apiRoot: api.apiRoot });
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => bare.sendMessage(1001 + i, 'feed')));
    expect(results.filter((result) => result.status === 'rejected').length).toBeGreaterThan(0);
    expect(sends(api.calls).some((call) => call.response?.ok === false && call.response.error_code === 429)).toBe(true);
  });
});

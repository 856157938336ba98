import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTelegramPace, type TelegramPace } from '../../src/bot/telegram-pace.js';
import { systemClock } from '../../src/clock.js';
import { createCatalogStore } from '../../src/db/catalog-store.js';
import { closeDb, openDb } from '../../src/db/open.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox } from '../../src/sandbox/server.js';
import { benchLogger, preciseClock, startRealBot, stopStepBot } from '../bench/step-bots.js';
import type { FakeRateLimits, FakeUser, RecordedCall, SentMessage } from '../support/fake-bot-api/index.js';
import { busiestSecond } from '../support/busiest-second.js';

/** Telegram's flood control as telegram-burst.test.ts sets it: a message a second to a chat, thirty a second overall. */
const TELEGRAM: FakeRateLimits = { chatSpacingMs: 750, globalMax: 30, globalWindowMs: 1_000 };
const COUNTED = /^(send(?!chataction)|edit|copy|forward|deletemessage|setmycommands|deletemycommands)/i;
/** Fewer than Telegram's thirty: their answers fit in one second. */
const staff: FakeUser[] = Array.from({ length: 28 }, (_, i) => ({ id: 61_001 + i, firstName: `Taps${i + 1}`, languageCode: 'en' }));

const buttonsOf = (message: SentMessage) =>
  message.reply_markup && 'inline_keyboard' in message.reply_markup ? message.reply_markup.inline_keyboard.flat() : [];


describe('a burst of answers under Telegram\'s limit, through the real bot and its pace', () => {
  it('28 staff pressing their order menus at once take a turn of the pace only for what leaves, with no 429 and never more than 30 a second', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-answers-burst-'));
    const sandbox = await createSandbox({ catalogSize: 200, rateLimit: false });
    const db = openDb(join(dir, 'bot.sqlite'));
    try {
      const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1_000, logger: benchLogger });
      const products = [];
      for await (const product of provider.allProducts({ pageSize: 50 })) products.push(product);
      await createCatalogStore({ database: databaseOf(db), clock: systemClock }).write({ categories: await provider.listCategories(), products });
      // The real pace, with every turn it hands out counted: a turn is taken by a call that leaves, never by one an order conversation only replays.
      const realPace = createTelegramPace({ clock: systemClock });
      let turns = 0;
      const pace: TelegramPace = {
        ...realPace,
        admitAnswer: async (method, payload, signal) => {
          const admitted = await realPace.admitAnswer(method, payload, signal);
          if (typeof admitted === 'function') turns += 1;
          return admitted;
        },
      };
      const bot = await startRealBot(db, provider, { pace, staffIds: staff.map((p) => p.id) });
      const { telegram } = bot;
      try {
        for (const person of staff) telegram.sendText(person, '/order');
        const menus = await Promise.all(staff.map((person) => telegram.waitForMessage(person.id, (m) => buttonsOf(m).length > 0, { timeoutMs: 20_000 })));
        // The menus have left the pace's second: what it judges from here on is the burst alone.
        await new Promise((resolve) => setTimeout(resolve, 1_500));

        const from = telegram.calls.length;
        const turnsBefore = turns;
        telegram.enforceLimits(TELEGRAM);
        const pressedAt = preciseClock.now();
        staff.forEach((person, i) => telegram.clickButton(person, menus[i]!, buttonsOf(menus[i]!)[0]!.text));
        const answerIn = (chatId: number) => (call: RecordedCall) => call.method === 'editMessageText' && call.payload['chat_id'] === chatId && call.response?.ok === true;
        await telegram.waitFor(() => staff.every((person) => telegram.calls.slice(from).some(answerIn(person.id))) || undefined, { timeoutMs: 20_000 });

        const counted = telegram.calls.slice(from).filter((call) => COUNTED.test(call.method));
        const answered = staff.map((person) => Math.round(counted.find(answerIn(person.id))!.at - pressedAt)).sort((a, b) => a - b);
        console.log(`28 presses at once: answered after ${answered.join(', ')} ms; ${counted.length} messages`);
        expect(counted.filter((call) => call.response?.ok === false).map((call) => call.response)).toEqual([]);
        expect(busiestSecond(counted.map((call) => call.at))).toBeLessThanOrEqual(TELEGRAM.globalMax);
        // Every paced turn was a message that reached the Bot API: a replayed call taking a turn (and, in a busy
        // second, waiting for one) held the chat's answer for the next second. The times above are for reading;
        // how long answers take under load is the busy-moments benchmark's to measure.
        expect(turns - turnsBefore).toBe(counted.length);
      } finally {
        await stopStepBot(bot);
      }
    } finally {
      closeDb(db);
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

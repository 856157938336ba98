/**
 * Busy moments: many staff walking the /order steps at once, through the
 * real bot (createBot, the runner, SQLite, the sandbox) held to Telegram's
 * limits by the production pace, against a fake Bot API that refuses
 * beyond 30 messages in any second, beside the same bot with the pace
 * lifted, in the same run (the baseline).
 *
 * Two loads, each run unpaced then paced:
 * - steady: BENCH_STAFF people (50), each step a think time after the
 *   previous answer, uniform between half and one and a half times
 *   BENCH_THINK_MS (2,500 ms): about 20 steps a second, some 70 % of the
 *   pace's 30 messages a second;
 * - closed loop: the same people tapping again as soon as each answer
 *   arrives (BENCH_CLOSED_STAFF, 50 unless given, e.g. 200).
 *
 * Figures: steps a second, messages a second at the fake and the most in
 * any sliding second there, 429s, tap → answer p50 / p95 / max, and how
 * soon a press is acknowledged (answerCallbackQuery, which the pace never
 * holds) p50 / p95.
 *
 *   npm run bench:busy   (BENCH_STAFF=50, BENCH_SECONDS=20, BENCH_THINK_MS=2500,
 *                         BENCH_CLOSED_STAFF=50, BENCH_ONLY=steady|closed, BENCH_PACED_ONLY=1)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { createCatalogStore } from '../../src/db/catalog-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { systemClock } from '../../src/clock.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createProviderClient, type ProviderClient } from '../../src/provider/client.js';
import { createSandbox } from '../../src/sandbox/server.js';
import { createTelegramPace } from '../../src/bot/telegram-pace.js';
import type { FakeUser, RecordedCall } from '../support/fake-bot-api/index.js';
import { benchLogger as logger, ms, orderStepsRound, preciseClock, startRealBot, stats, stopStepBot } from './step-bots.js';
import { busiestSecond } from '../support/busiest-second.js';

const STAFF = Number(process.env.BENCH_STAFF ?? 50);
const CLOSED_STAFF = Number(process.env.BENCH_CLOSED_STAFF ?? STAFF);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 2_500);
const ONLY = process.env.BENCH_ONLY ?? '';
const SEARCHES = ['gift 25', 'نمونه ۵۰', 'steam', 'نتفلیکس', 'sample card 7', 'گوگل پلی'];
/** Telegram's overall limit, as strict as its number: the pace must never meet it. */
const TELEGRAM = { chatSpacingMs: 0, globalMax: 30, globalWindowMs: 1_000 };
const COUNTED = /^(send(?!chataction)|edit|copy|forward|deletemessage|setmycommands|deletemycommands)/i;

const people = (count: number): FakeUser[] => Array.from({ length: count }, (_, i) => ({ id: 70_001 + i, firstName: `Staff${i + 1}`, languageCode: 'en' }));


interface Outcome {
  /** Steps and messages within the measured stretch of `seconds`, while everyone walks. */
  steps: number;
  seconds: number;
  answers: number[];
  acks: number[];
  counted: number;
  densest: number;
  refused: number;
  /** Button removals the pace left out (old menus, refused as expired when pressed). */
  leftOut: number;
}

async function walkFor(db: Db, provider: ProviderClient, crowd: FakeUser[], paced: boolean, thinkMs: (person: number) => number): Promise<Outcome> {
  const pace = paced ? createTelegramPace({ clock: systemClock }) : undefined;
  const bot = await startRealBot(db, provider, { staffIds: crowd.map((p) => p.id), ...(pace ? { pace } : {}) });
  const { telegram } = bot;
  for (const person of crowd) telegram.addChat(person);
  if (paced) telegram.enforceLimits(TELEGRAM);
  const calls: RecordedCall[] = [];
  const off = telegram.onCall((call) => void (COUNTED.test(call.method) && calls.push(call)));
  const answers: number[] = [];
  const acks: number[] = [];
  // Each step is a text or a press: counted as it is made, for the rate while everyone is walking.
  const acts: number[] = [];
  const { sendText, pressButton } = telegram;
  telegram.sendText = (...args) => (acts.push(preciseClock.now()), sendText(...args));
  telegram.pressButton = (...args) => (acts.push(preciseClock.now()), pressButton(...args));
  const started = preciseClock.now();
  const endAt = started + SECONDS * 1_000;
  // Everyone has come by then; after endAt, walks only finish.
  const from = started + Math.min(SECONDS * 500, 2 * THINK_MS);
  await Promise.all(
    crowd.map(async (person, index) => {
      // Not all at the same instant: people come to the bot over one think time.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * thinkMs(index)));
      for (let round = 0; preciseClock.now() < endAt; round += 1) {
        const samples = new Map([['order menu', answers], ['category page', answers], ['next page', answers], ['back', answers], ['typed search', answers], ['pick product (provider read)', answers]] as const);
        await orderStepsRound(telegram, round + index, samples as never, {
          thinkMs: thinkMs(index),
          categories: 8,
          searches: SEARCHES,
          person,
          onPressAnswered: (value) => acks.push(value),
        });
      }
    }),
  );
  off();
  const seconds = (endAt - from) / 1_000;
  const within = (at: number) => at >= from && at < endAt;
  await stopStepBot(bot);
  const refused = calls.filter((call) => call.response?.ok === false).length;
  return { steps: acts.filter(within).length, seconds, answers, acks, leftOut: pace?.leftOut() ?? 0, counted: calls.filter((c) => within(c.at)).length, densest: busiestSecond(calls.filter((c) => c.response?.ok !== false).map((c) => c.at)), refused };
}

function line(label: string, o: Outcome): string {
  const a = stats(o.answers);
  const k = stats(o.acks);
  return (
    `${label.padEnd(9)} ${(o.steps / o.seconds).toFixed(1).padStart(5)} steps/s, ${(o.counted / o.seconds).toFixed(1).padStart(5)} messages/s (densest second ${o.densest}, ${o.refused} refused, ${o.leftOut} button removals left out); ` +
    `tap → answer p50 ${ms(a.p50)}, p95 ${ms(a.p95)}, max ${ms(a.max)}; press acknowledged p50 ${ms(k.p50)}, p95 ${ms(k.p95)}`
  );
}

async function compare(title: string, db: Db, provider: ProviderClient, crowd: FakeUser[], thinkMs: (person: number) => number): Promise<void> {
  console.log(`\n${title} (load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  // Unpaced, 200 people tapping without pause overload this process (an answer over 20 s): BENCH_PACED_ONLY=1 leaves the baseline out.
  const unpaced = process.env.BENCH_PACED_ONLY ? null : await walkFor(db, provider, crowd, false, thinkMs);
  if (unpaced) console.log(line('unpaced', unpaced));
  const paced = await walkFor(db, provider, crowd, true, thinkMs);
  console.log(line('paced', paced));
  if (!unpaced) return;
  console.log(`paced p95 / unpaced p95: ${(stats(paced.answers).p95 / stats(unpaced.answers).p95).toFixed(2)}×`);
}

const dir = mkdtempSync(join(tmpdir(), 'giftdesk-bench-busy-'));
const sandbox = await createSandbox({ catalogSize: 2_000, rateLimit: false });
try {
  // The provider's budget would measure its limiter, not Telegram's pace: lifted here.
  const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 10_000, logger });
  const categories = await provider.listCategories();
  const products = [];
  for await (const product of provider.allProducts({ pageSize: 50 })) products.push(product);
  const db = openDb(join(dir, 'bot.sqlite'));
  await createCatalogStore({ database: databaseOf(db), clock: systemClock }).write({ categories, products });
  if (ONLY !== 'closed') {
    // Between half and one and a half think times, drawn afresh for each walk.
    const think = () => THINK_MS * (0.5 + Math.random());
    await compare(`steady: ${STAFF} staff, each step ${THINK_MS} ms (±50 %) after the previous answer, ${SECONDS} s`, db, provider, people(STAFF), think);
  }
  if (ONLY !== 'steady') await compare(`closed loop: ${CLOSED_STAFF} staff tapping as soon as each answer arrives, ${SECONDS} s`, db, provider, people(CLOSED_STAFF), () => 0);
  closeDb(db);
} finally {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}

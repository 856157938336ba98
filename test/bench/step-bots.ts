/**
 * What the step benchmarks share: a bot answering /order steps against its
 * own fake Bot API (the real one, built by createBot, or bare grammY), a
 * chat that taps and types like a person and times each answer, and the
 * percentiles they are reported in.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { run, type RunnerHandle } from '@grammyjs/runner';
import { Api } from 'grammy';
import { runBareBot } from './bare-step-bot.js';
export { runBareBot };
import { createAdminAlerts } from '../../src/alerts/admin-alerts.js';
import type { FavouriteView } from '../../src/db/favourite-view.js';
import { openFreshViews } from '../../src/app/fresh-views.js';
import { createCatalogSync } from '../../src/catalog/catalog-sync.js';
import { createLocalPeriods } from '../../src/text/local-periods.js';
import { createLimitCheck } from '../../src/orders/limit-check.js';
import { createSpendingRuleBook } from '../../src/orders/spending-rules.js';
import { createBot } from '../../src/bot/create-bot.js';
import { confirmedPressFeature } from '../../src/bot/features/confirmed-press.js';
import { orderFeature } from '../../src/bot/features/order.js';
import { orderAgainFeature } from '../../src/bot/features/order-again.js';
import { handleProviderTrouble, troubleMessage } from '../../src/bot/provider-trouble.js';
import { createTypingWhileSlow } from '../../src/bot/typing-while-slow.js';
import { translatorFor } from '../../src/text/i18n.js';
import { createLocaleOf } from '../../src/bot/person-locale.js';
import { createDescribePerson } from '../../src/bot/describe-person.js';
import { systemClock, type Clock } from '../../src/clock.js';
import type { Db } from '../../src/db/open.js';
import { sqliteStores, type Stores } from '../../src/db/stores.js';
import { createSpendingCounter } from '../../src/orders/spending-counter.js';
import { createLogger } from '../../src/logger.js';
import { createOrderService } from '../../src/orders/order-service.js';
import type { ProviderClient } from '../../src/provider/client.js';
import { ADMIN } from '../support/fake-people.js';
import { createFakeBotApi, type FakeBotApi, type FakeUser, type RecordedCall, type SentMessage } from '../support/fake-bot-api/index.js';
import type { TelegramPace } from '../../src/bot/telegram-pace.js';
import type { PurposeReads } from '../../src/bot/conversations/order/purpose-step.js';
import type { Budgets } from '../../src/budgets/budget-judge.js';

/** Call times with fractions of a millisecond, for the fake Bot API's records and our own marks. */
export const preciseClock: Clock = { now: () => performance.timeOrigin + performance.now(), sleep: systemClock.sleep };
export const benchLogger = createLogger({ level: (process.env.LOG_LEVEL as 'silent' | undefined) ?? 'silent' });

function at(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}
export const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: at(sorted, 0.5), p95: at(sorted, 0.95), max: sorted.at(-1) ?? NaN };
};
export const ms = (value: number) => `${value.toFixed(1)} ms`;

const isAnswer = (call: RecordedCall) => call.method === 'sendMessage' || call.method === 'editMessageText';

/**
 * One chat's steps against one bot: each waits `thinkMs`, acts, then waits
 * for the bot's message or edit that answers it (the first one, or the
 * first that `until` accepts).
 */
export function stepper(telegram: FakeBotApi, thinkMs: number, person: FakeUser = ADMIN, onPressAnswered?: (ms: number) => void) {
  const menu = (): SentMessage => {
    const found = telegram
      .messages(person.id)
      // A settled message keeps its chosen button, disabled: not a menu.
      .filter((m) => !m.deleted && m.reply_markup && 'inline_keyboard' in m.reply_markup && m.reply_markup.inline_keyboard.some((row) => row.some((b) => !('disabled' in b))))
      .at(-1);
    if (!found) throw new Error('no menu');
    return found;
  };
  const buttons = () => {
    const markup = menu().reply_markup;
    return markup && 'inline_keyboard' in markup ? markup.inline_keyboard.flat().map((b) => b.text) : [];
  };
  /** Latency from the update's push to the answer's arrival at the fake Bot API. */
  async function timed(act: () => string | void, until: (call: RecordedCall) => boolean): Promise<number> {
    // Told by the fake as the answer arrives: polling the call list would take the event loop from the bot measured.
    let stop = () => {};
    let pressId: string | void = undefined;
    let pressAnswered = false;
    const answered = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer within 20 s')), 20_000);
      const off = telegram.onCall((call) => {
        // The press's own acknowledgement (the spinner on the button stops), timed apart from the menu it brings.
        if (call.method === 'answerCallbackQuery' && pressId !== undefined && call.payload['callback_query_id'] === pressId && !pressAnswered) {
          pressAnswered = true;
          onPressAnswered?.(call.at - started);
        }
        if (!isAnswer(call) || String(call.payload['chat_id']) !== String(person.id) || !until(call)) return;
        clearTimeout(timer);
        resolve(call.at);
      });
      stop = () => {
        clearTimeout(timer);
        off();
      };
    });
    const started = preciseClock.now();
    pressId = act();
    try {
      return (await answered) - started;
    } finally {
      stop();
    }
  }
  return {
    say: async (text: string, until: (call: RecordedCall) => boolean = () => true) => {
      await delay(thinkMs);
      return timed(() => void telegram.sendText(person, text), until);
    },
    tap: async (pick: (labels: string[]) => string, until: (call: RecordedCall) => boolean = () => true) => {
      await delay(thinkMs);
      // The button is found before the clock starts: reading the chat's messages is the benchmark's work, not the bot's.
      const shown = menu();
      const data = telegram.findButton(shown, pick(buttons())).callback_data;
      return timed(() => telegram.pressButton(person, shown.message_id, data), until);
    },
  };
}

export type OrderStep = 'order menu' | 'category page' | 'next page' | 'back' | 'typed search' | 'pick product (provider read)';
export const ORDER_STEPS: OrderStep[] = ['order menu', 'category page', 'next page', 'back', 'typed search', 'pick product (provider read)'];

/**
 * One walk of the /order steps as a staff member takes them (menu, a
 * category, its next page, back, a typed search, a product), each step's
 * answer time recorded in `samples` (null: a warm-up round), then /cancel.
 */
export async function orderStepsRound(
  telegram: FakeBotApi,
  round: number,
  samples: Map<OrderStep, number[]> | null,
  walk: { thinkMs: number; categories: number; searches: readonly string[]; person?: FakeUser; onPressAnswered?: (ms: number) => void },
): Promise<void> {
  const chat = stepper(telegram, walk.thinkMs, walk.person, walk.onPressAnswered);
  const record = (step: OrderStep, value: number) => samples?.get(step)?.push(value);
  record('order menu', await chat.say('/order'));
  record('category page', await chat.tap((labels) => labels[round % walk.categories]!));
  record('next page', await chat.tap((labels) => labels.find((l) => l.startsWith('Next'))!));
  record('back', await chat.tap((labels) => labels.find((l) => l.includes('Back'))!));
  record('typed search', await chat.say(walk.searches[round % walk.searches.length]!));
  record('pick product (provider read)', await chat.tap((labels) => labels[0]!));
  await chat.say('/cancel');
  // Let any late answer to /cancel land before the next round starts its clock.
  await delay(30);
}

export interface StepBot {
  telegram: FakeBotApi;
  runner: RunnerHandle;
}

export interface RealBotOptions { orderQuoteMaxAgeMs?: number; maxProductsPerOrder?: number; stores?: Stores; dayLimit?: number; pace?: TelegramPace; staffIds?: readonly number[]; costCentres?: PurposeReads; budgets?: Pick<Budgets, 'judge' | 'window'> }

/**
 * The real bot as createBot builds it, with the real order service, on its
 * own fake Bot API, over `options.stores` (PostgreSQL's, say) or else the
 * SQLite stores of `db`. `orderQuoteMaxAgeMs` 0 reads the
 * product and the balance again at every Confirm; `dayLimit` sets a
 * team-wide day limit.
 */
export async function startRealBot(
  db: Db,
  provider: ProviderClient,
  options: RealBotOptions = {},
): Promise<StepBot & { favourites: FavouriteView }> {
  const telegram = await createFakeBotApi({ clock: preciseClock });
  const { runner, favourites } = await runRealBot(telegram, db, provider, options);
  return { telegram, runner, favourites };
}

/** The bot of startRealBot, answering the Bot API at `telegram` (a fake in this thread or another). */
export async function runRealBot(
  telegram: { token: string; apiRoot: string },
  db: Db,
  provider: ProviderClient,
  options: RealBotOptions = {},
): Promise<{ runner: RunnerHandle; favourites: FavouriteView }> {
  const logger = benchLogger;
  const stores = options.stores ?? sqliteStores({ db, clock: systemClock });
  // As production builds them (services.ts): on PostgreSQL each update reads the change counters first, and the pause and the catalog's menu come from memory.
  const { staff, people, settings, viewFreshness, orderingPause, catalog, favourites } = await openFreshViews(stores, systemClock);
  await staff.syncEnvAdmins([ADMIN.id, ...(options.staffIds ?? [])]);
  const pauses = orderingPause;
  const alerts = createAdminAlerts({ recipients: () => [], sendText: async () => undefined, clock: systemClock, logger });
  const rules = createSpendingRuleBook({ settings });
  // A limit set makes the summary and Confirm count the person's spending (with none they skip the count).
  if (options.dayLimit !== undefined) await rules.setDefault('day', options.dayLimit, ADMIN.id);
  const periods = createLocalPeriods('UTC');
  const counter = createSpendingCounter({ store: stores.spending, periods });
  const typingApi = new Api(telegram.token, { apiRoot: telegram.apiRoot });
  const presentation = { amountUnit: 'IRR', timeZone: 'UTC', monthCalendar: 'gregorian', sandbox: true } as const;
  const orderingPaused = () => pauses.current();
  const catalogSync = createCatalogSync({ provider, store: catalog, clock: systemClock, logger });
  const orderQueries = stores.orderQueries;
  const checkLimits = createLimitCheck({ rules, counter, clock: systemClock, ...(options.budgets ? { budgets: options.budgets } : {}) });
  const bot = createBot({
    token: telegram.token,
    apiRoot: telegram.apiRoot,
    ...(options.pace ? { pace: options.pace } : {}),
    staff,
    freshViews: (counts) => viewFreshness.check(counts),
    strangers: stores.strangerReplies,
    sessions: stores.sessions,
    people,
    localeOf: createLocaleOf({ staff: staff.current, people: people.current, defaultLocale: 'en' }),
    describePerson: createDescribePerson({ find: people.current.find }),
    presentation,
    defaultLocale: 'en',
    orderIdleMs: 15 * 60_000,
    orderConversation: {
      catalog,
      // Reads unpaced, as before: the benchmark's walks stay within any person's reads per minute.
      providerFor: () => provider,
      orders: createOrderService({ orders: stores.orders, provider, clock: systemClock, logger, sandbox: true, orderingPaused: () => stores.orderingPause.current() }),
      translate: translatorFor,
      onProviderTrouble: (error, context) => handleProviderTrouble(error, { logger, alerts, translate: translatorFor }, context),
      troubleText: troubleMessage,
      presentation,
      idleMs: 15 * 60_000,
      perItemLimit: 10,
      maxLines: options.maxProductsPerOrder ?? 5,
      orderingPaused,
      checkLimits: (userId, total, costCentreId) => checkLimits(userId, total, undefined, costCentreId),
      // What the order is for, where the benchmark asks it (production: bot-features.ts).
      ...(options.costCentres ? { costCentres: options.costCentres } : {}),
      typicalDeliveryMs: () => orderQueries.typicalDeliveryMs(),
      // /order opens with the person's favourites, as production wires it (read from memory).
      favourites,
      typingWhileSlow: createTypingWhileSlow({ sendTyping: (chatId) => typingApi.sendChatAction(chatId, 'typing'), clock: systemClock, logger }),
      logger,
    },
    // The features an /order step passes through; the rest of the commands take none of its updates.
    features: (tools) => {
      // The real sync: /order asks it whether the first catalog is still loading, a read of app_state.
      const catalogLoading = async () => !(await catalogSync.loadedWithin(3_000));
      return [
        { name: 'order', middleware: orderFeature({ catalogLoading, orderMenuOf: tools.orderMenuOf, orderingPaused }) },
        { name: 'order-again', middleware: orderAgainFeature({ orders: orderQueries, catalogLoading, orderMenuOf: tools.orderMenuOf, logger }) },
        { name: 'confirmed-press', middleware: confirmedPressFeature({ orders: orderQueries }) },
      ];
    },
    clock: systemClock,
    logger,
  });
  return { runner: run(bot, { runner: { silent: true } }), favourites };
}

/** grammY and nothing else: a reply or an edit of about the size the order menu sends, with eight buttons. */
export async function startBareBot(): Promise<StepBot> {
  const telegram = await createFakeBotApi({ clock: preciseClock });
  return { telegram, runner: runBareBot(telegram) };
}

export async function stopStepBot(bot: StepBot): Promise<void> {
  await bot.runner.stop();
  await bot.telegram.close();
}

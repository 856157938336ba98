import { FormattedString } from '@grammyjs/parse-mode';
import { Api } from 'grammy';
import { afterEach } from 'vitest';
import { createAdminAlerts } from '../../src/alerts/admin-alerts.js';
import { translatorFor, type Locale } from '../../src/text/i18n.js';
import { createSendPort } from '../../src/bot/send-port.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import type { NotificationKind, OrderState } from '../../src/db/schema.js';
import { createNotificationSender, type NotificationSenderDeps } from '../../src/delivery/notification-sender.js';
import { enqueueNotification } from '../../src/orders/outbox.js';
import { createLogger } from '../../src/logger.js';
import { createOrderRepo, type OrderRow } from '../../src/orders/order-repo.js';
import { createOrderService, type PlaceResult } from '../../src/orders/order-service.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createRateLimiter } from '../../src/provider/rate-limit.js';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';
import type { SandboxCard } from '../../src/sandbox/types.js';
import { createFakeBotApi, type FakeBotApi, type SentMessage } from '../support/fake-bot-api/index.js';
import { createManualClock } from '../support/manual-clock.js';
import { createOrderPlacer } from '../support/order-fixtures.js';

export const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
export const STAFF = 11;
export const ADMIN = 900;
export const SECOND_ADMIN = 901;
/** The sandbox's default time from POST to a final state. */
export const UNTIL_FINAL_MS = 5_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

export interface SenderWorldOptions {
  sandbox?: Omit<SandboxOptions, 'clock'>;
  sender?: Partial<NotificationSenderDeps>;
  staffLocale?: Locale;
  admins?: { telegramId: number; locale: Locale }[];
}

/**
 * The real sandbox, provider client, SQLite database, fake Bot API and
 * sender, on one manual clock: orders complete when a test moves time, and
 * every message the sender makes is recorded by the fake Telegram.
 */
export async function senderWorld(options: SenderWorldOptions = {}) {
  const clock = createManualClock(T0);
  const logLines: string[] = [];
  const logger = createLogger({ level: 'debug', destination: { write: (line: string) => void logLines.push(line) } });

  const sandbox: Sandbox = await createSandbox({ rateLimit: false, ...options.sandbox, clock });
  cleanups.push(() => sandbox.close());
  const telegram: FakeBotApi = await createFakeBotApi();
  cleanups.push(() => telegram.close());
  const db: Db = openDb(':memory:');
  cleanups.push(() => closeDb(db));

  const provider = createProviderClient({
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.apiKey,
    clock,
    limiter: createRateLimiter({ requestsPerSecond: 1_000, burst: 100_000, clock }),
    maxAttempts: 1,
    logger,
  });
  const service = createOrderService({ db, provider, clock, logger, sandbox: true });
  const repo = createOrderRepo({ db, clock });

  const admins = options.admins ?? [{ telegramId: ADMIN, locale: 'en' as Locale }];
  for (const chat of [STAFF, ...admins.map((a) => a.telegramId)]) telegram.addChat({ id: chat });
  const send = createSendPort(new Api(telegram.token, { apiRoot: telegram.apiRoot }));
  const alerts = createAdminAlerts({
    recipients: () => admins,
    sendText: async (chatId, text) => {
      await send(chatId, { text: new FormattedString(text) });
    },
    clock,
    logger,
  });
  /** People taken off the staff list during a test. */
  const removedStaff = new Set<number>();
  const deps: NotificationSenderDeps = {
    db,
    provider,
    send,
    translate: (locale) => translatorFor(locale),
    localeOf: () => options.staffLocale ?? 'en',
    isStaff: (userId) => !removedStaff.has(userId),
    adminRecipients: () => admins,
    alerts,
    clock,
    random: () => 0.5,
    logger,
    sandbox: true,
    amountUnit: 'IRR',
    timeZone: 'UTC',
    owner: 'sender-a',
    ...options.sender,
  };
  const sender = createNotificationSender(deps);
  const placeFirstRegion = createOrderPlacer({ provider, service });
  const place = (productId: number, quantity = 1): Promise<PlaceResult> => placeFirstRegion(productId, quantity, STAFF);

  /** Moves the order as the poller would and enqueues the event in the same step. */
  function settle(order: OrderRow, to: OrderState, kind: NotificationKind, providerStatus?: string): OrderRow {
    const moved = repo.transition({
      id: order.id,
      from: order.state,
      to,
      set: providerStatus === undefined ? {} : { providerStatus },
      audit: { actorId: null, action: `order.${to}` },
    });
    if (!moved) throw new Error(`order ${order.id} was not in ${order.state}`);
    enqueueNotification(db, { orderId: order.id, kind, now: clock.now() });
    return moved;
  }

  /** Places an order of the sandbox, lets it finish, and records its completion with a 'delivered' notification. */
  async function completedOrder(productId: number, quantity = 1): Promise<OrderRow> {
    const result = await place(productId, quantity);
    if (result.kind !== 'placed') throw new Error(`order was ${result.kind}`);
    clock.advance(UNTIL_FINAL_MS);
    return settle(result.order, 'completed', 'delivered', 'COMPLETED');
  }

  function cardsOf(order: OrderRow): SandboxCard[] {
    const remote = sandbox.controls.orders().find((o) => o.orderId === order.providerOrderId);
    const delivery = remote?.items[0]?.delivery;
    if (!delivery) throw new Error('the sandbox has not delivered this order');
    return delivery.cards;
  }

  function notification(orderId: number) {
    return db.$client
      .prepare('select status, attempts, next_attempt_at as nextAttemptAt, last_error as lastError, lease_owner as leaseOwner from notifications where order_id = ?')
      .get(orderId) as { status: string; attempts: number; nextAttemptAt: number; lastError: string | null; leaseOwner: string | null };
  }

  const messagesTo = (chatId: number): SentMessage[] => telegram.messages(chatId);

  return { clock, sandbox, telegram, db, provider, service, repo, deps, sender, logLines, place, settle, completedOrder, cardsOf, notification, messagesTo, removedStaff };
}

/** The texts under spoiler entities of a sent message. */
export function spoilersOf(message: SentMessage): string[] {
  return message.entities
    .filter((entity) => entity.type === 'spoiler')
    .map((entity) => message.text.slice(entity.offset, entity.offset + entity.length));
}

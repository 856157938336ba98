import { afterThisTest } from '../support/after-this-test.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createDeliveryWork } from '../../src/app/background.js';
import { deliveryPartsOf } from '../../src/app/loops.js';
import { createServices } from '../../src/app/services.js';
import { sqliteStores } from '../../src/db/stores.js';
import { systemClock } from '../../src/clock.js';
import type { Locale } from '../../src/text/i18n.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import type { NotificationKind } from '../../src/domain/notification-kinds.js';
import type { OrderState } from '../../src/domain/order-states.js';
import { createNotificationSender, type NotificationSenderDeps } from '../../src/delivery/notification-sender.js';
import { createLogger } from '../../src/logger.js';
import { createOrderStore, type OrderRow } from '../../src/db/order-store.js';
import type { PlaceResult } from '../../src/orders/order-service.js';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';
import type { SandboxCard } from '../../src/sandbox/types.js';
import { createFakeBotApi, type FakeBotApi, type SentMessage } from '../support/fake-bot-api/index.js';
import { createManualClock } from '../support/manual-clock.js';
import { createTelegramPace, type PaceLimits } from '../../src/bot/telegram-pace.js';
import { createOrderPlacer, withBalanceReadAwaited } from '../support/order-fixtures.js';
import { worldConfig } from '../support/world-config.js';
import { QUICK_CHAT_PACE } from '../support/quick-pace.js';

export const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
export const STAFF = 11;
export const ADMIN = 900;
export const SECOND_ADMIN = 901;
/** The sandbox's default time from POST to a final state. */
export const UNTIL_FINAL_MS = 5_000;


export interface SenderWorldOptions {
  sandbox?: Omit<SandboxOptions, 'clock'>;
  sender?: Partial<NotificationSenderDeps>;
  staffLocale?: Locale;
  admins?: { telegramId: number; locale: Locale }[];
  /** The pace of messages to Telegram, on the real clock: Telegram's own unless given. */
  paceLimits?: PaceLimits;
}

/**
 * The services and the sender as production builds them (createServices,
 * createDeliveryWork), on the real sandbox over HTTP, a fresh SQLite database,
 * the fake Bot API and one manual clock: orders complete when a test moves
 * time, and every message the sender makes is recorded by the fake Telegram.
 */
export async function senderWorld(options: SenderWorldOptions = {}) {
  const clock = createManualClock(T0);
  const logLines: string[] = [];
  const logger = createLogger({ level: 'debug', destination: { write: (line: string) => void logLines.push(line) } });

  const sandbox: Sandbox = await createSandbox({ rateLimit: false, ...options.sandbox, clock });
  afterThisTest(() => sandbox.close());
  const telegram: FakeBotApi = await createFakeBotApi();
  afterThisTest(() => telegram.close());
  const db: Db = openDb(':memory:');
  afterThisTest(() => closeDb(db));

  const admins = options.admins ?? [{ telegramId: ADMIN, locale: 'en' as Locale }];
  for (const chat of [STAFF, ...admins.map((a) => a.telegramId)]) telegram.addChat({ id: chat });
  const config = worldConfig({ telegram, sandbox }, admins.map((a) => a.telegramId));
  // As production builds them; the provider's client waits and retries in real time, the sandbox's orders move with the manual clock.
  const services = await createServices({
    config,
    stores: sqliteStores({ db, clock }),
    provider: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
    clock,
    providerClock: systemClock,
    logger,
    ...(options.paceLimits ? { telegramPace: createTelegramPace({ clock: systemClock, limits: options.paceLimits }) } : {}),
  });
  for (const admin of admins) await services.staff.setLocale(admin.telegramId, admin.locale);
  await services.staff.add(STAFF, 'staff', ADMIN);
  if (options.staffLocale) await services.staff.setLocale(STAFF, options.staffLocale);
  const { provider, orders: service } = services;
  const repo = createOrderStore({ database: databaseOf(db), clock });

  const deps: NotificationSenderDeps = {
    ...createDeliveryWork({ config, stores: services.stores, ...deliveryPartsOf(services), clock, logger, owner: 'sender-a', random: () => 0.5 }).sender,
    ...options.sender,
  };
  const sender = createNotificationSender(deps);
  const placeFirstRegion = withBalanceReadAwaited(sandbox, createOrderPlacer({ provider, service }));
  const place = (productId: number, quantity = 1): Promise<PlaceResult> => placeFirstRegion(productId, quantity, STAFF);

  /** Moves the order as the poller would and enqueues the event in the same step. */
  async function settle(order: OrderRow, to: OrderState, kind: NotificationKind, providerStatus?: string): Promise<OrderRow> {
    const moved = await repo.transition({
      id: order.id,
      from: order.state,
      to,
      set: providerStatus === undefined ? {} : { providerStatus },
      audit: { actorId: null, action: `order.${to}` },
      notify: [kind],
    });
    if (!moved) throw new Error(`order ${order.id} was not in ${order.state}`);
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

  /** Takes a person off the staff list, as /staff remove does. */
  const removeStaff = async (telegramId: number): Promise<void> => void (await services.staff.remove(telegramId, ADMIN));

  return { clock, sandbox, telegram, db, services, provider, service, repo, deps, sender, logLines, place, settle, completedOrder, cardsOf, notification, messagesTo, removeStaff };
}

/** The texts under spoiler entities of a sent message. */
export function spoilersOf(message: SentMessage): string[] {
  return message.entities
    .filter((entity) => entity.type === 'spoiler')
    .map((entity) => message.text.slice(entity.offset, entity.offset + entity.length));
}

export type SenderWorld = Awaited<ReturnType<typeof senderWorld>>;

/** The sender's own work (once, in parts, resumed, handed over), the parts of a split delivery 20 ms apart, not a second. */
export const quickSenderWorld = (options: SenderWorldOptions = {}) => senderWorld({ paceLimits: QUICK_CHAT_PACE, ...options });

/** How many parts of an order's split delivery Telegram has accepted, as the outbox records it. */
export const partsSent = (world: SenderWorld, orderId: number): number =>
  (world.db.$client.prepare('select parts_sent as n from notifications where order_id = ?').get(orderId) as { n: number }).n;

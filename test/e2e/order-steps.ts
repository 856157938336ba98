import { readFileSync, existsSync } from 'node:fs';
import type { SandboxOrder } from '../../src/sandbox/server.js';
import type { LogLine } from '../support/bot-process.js';
import type { FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
import { waitUntil } from '../support/wait-until.js';
import { chatDriver } from './chat-driver.js';
import type { World } from './harness.js';

/** Room for the poller's first checks and the sender's retries; a passing run is much quicker. */
export const DELIVERY_WAIT_MS = 25_000;

export interface OrderRequest {
  /** Typed at the category step: a search of the product names. */
  search: string;
  /** The product's button in the search results. */
  product: RegExp;
  quantity: number;
  /** The chat's language; English unless said. */
  locale?: 'en' | 'fa';
  /** How long the answer to Confirm may take; 10 s unless said (several busy instances on a small machine need more). */
  confirmWithinMs?: number;
  /**
   * How long each earlier step's answer may take; 5 s unless said. Many
   * people ordering at once share the provider's request budget, so a
   * step that reads the provider waits its turn.
   */
  stepWithinMs?: number;
}

/** What each step of the walk waits for, per language; the quantity is typed in that language's digits. */
const WALK = {
  en: { menu: /Choose a category/, results: /Products matching/, quantity: /How many\?/, summary: /Please check your order/, confirm: /Confirm/, placed: /Order A\d+ is placed/, digits: (n: number) => String(n) },
  fa: {
    menu: /یک دسته را انتخاب کنید/,
    results: /محصولات مطابق/,
    quantity: /چند عدد؟/,
    summary: /سفارش خود را بررسی کنید/,
    confirm: /تأیید سفارش/,
    placed: /سفارش A\d+ ثبت شد/,
    digits: (n: number) => String(n).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!),
  },
};

/**
 * Walks the guided order of a product without required fields up to the
 * summary and taps Confirm; returns the bot's answer to the confirmation.
 */
export async function orderThroughChat(world: World, user: FakeUser, request: OrderRequest, answer?: RegExp): Promise<SentMessage> {
  const walk = WALK[request.locale ?? 'en'];
  const chat = chatDriver(world.telegram, user);
  const within = request.stepWithinMs ?? 5_000;
  await chat.answerTo(() => world.telegram.sendText(user, '/order'), walk.menu, within);
  await chat.answerTo(() => world.telegram.sendText(user, request.search), walk.results, within);
  await chat.answerTo(() => world.telegram.clickButton(user, chat.currentMenu(), request.product), walk.quantity, within);
  await chat.answerTo(() => world.telegram.sendText(user, walk.digits(request.quantity)), walk.summary, within);
  return chat.answerTo(() => world.telegram.clickButton(user, chat.currentMenu(), walk.confirm), answer ?? walk.placed, request.confirmWithinMs ?? 10_000);
}

export function referenceIn(message: SentMessage): string {
  const found = /\b(A\d+)\b/.exec(message.text);
  if (!found?.[1]) throw new Error(`no order reference in: ${message.text}`);
  return found[1];
}

export const posts = (world: World): number =>
  world.sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/orders').length;

export function sandboxOrder(world: World, reference: string): SandboxOrder {
  const order = world.sandbox.controls.orders().find((o) => o.orderReference === reference);
  if (!order) throw new Error(`the sandbox has no order ${reference}`);
  return order;
}

export interface Card {
  code: string;
  pin: string;
  serial: string;
}

/** The cards the sandbox itself delivered for the order: the truth the bot's messages are compared with. */
export function cardsOf(order: SandboxOrder): Card[] {
  return order.items.flatMap((item) => item.delivery?.cards.map(({ code, pin, serial }) => ({ code, pin, serial })) ?? []);
}

/** Text of every spoiler entity of a message (offsets are UTF-16, like JavaScript strings). */
export function spoilers(message: SentMessage): string[] {
  return message.entities.filter((e) => e.type === 'spoiler').map((e) => message.text.slice(e.offset, e.offset + e.length));
}

/** The copy-to-clipboard buttons of a message, as label and the exact text Telegram copies. */
export function copyButtons(message: SentMessage): { label: string; copies: string }[] {
  const markup = message.reply_markup;
  if (!markup || !('inline_keyboard' in markup)) return [];
  return markup.inline_keyboard.flat().flatMap((button) => ('copy_text' in button && button.copy_text ? [{ label: button.text, copies: button.copy_text.text }] : []));
}

/** The messages that carry an order's delivery, first part first. */
export function deliveryMessages(world: World, chatId: number, reference: string): SentMessage[] {
  return world.telegram
    .messages(chatId)
    .filter((m) => m.text.startsWith(`Order ${reference} is delivered`) || m.text.startsWith(`(continued: order ${reference})`));
}

/** Waits until the delivery's last part (the one with the /track footer) has arrived. */
export async function waitForDelivery(world: World, chatId: number, reference: string): Promise<SentMessage[]> {
  return world.telegram.waitFor(
    () => {
      const parts = deliveryMessages(world, chatId, reference);
      return parts.some((m) => m.text.includes(`/track ${reference}`)) ? parts : null;
    },
    { timeoutMs: DELIVERY_WAIT_MS },
  );
}

/** sendMessage calls Telegram accepted whose text contains `secret`, in any chat. */
export function acceptedSendsContaining(world: World, secret: string) {
  return world.telegram
    .callsTo('sendMessage')
    .filter((call) => call.response?.ok === true && typeof call.payload.text === 'string' && call.payload.text.includes(secret));
}

/** A delivery sweep of the poller has ended (logged at LOG_LEVEL=trace). */
export const sweepDone = (line: LogLine): boolean => line.msg === 'delivery sweep done';
/** A run of the named background loop has ended (logged at LOG_LEVEL=trace), such as 'notification sender'. */
export const loopRunDone =
  (loop: string) =>
  (line: LogLine): boolean =>
    line.msg === 'background run done' && line['loop'] === loop;

/**
 * Waits until the bot has logged `count` more lines of each kind than it
 * had when called: proof that its loops have turned past this point, for
 * checks that something did not happen. A run under way when called may
 * be among them: ask for one more than the full runs needed. The world must
 * run with LOG_LEVEL=trace.
 */
export async function laterRuns(world: World, count: number, ...kinds: ((line: LogLine) => boolean)[]): Promise<void> {
  const counted = (match: (line: LogLine) => boolean) => world.bot.logs().filter(match).length;
  const seen = kinds.map(counted);
  await waitUntil(() => kinds.every((match, i) => counted(match) >= seen[i]! + count), `${count} more runs of each loop after ${seen.join(', ')}`, {
    timeoutMs: 15_000,
    intervalMs: 25,
  });
}

export interface OrderRecord {
  id: number;
  state: string;
  provider_order_id: number | null;
  provider_reference: string | null;
  next_check_at: number | null;
  posted_at: number | null;
}

/** Our own record of the order with that provider reference, read through a second connection (times as epoch ms). */
export async function localOrder(world: World, reference: string): Promise<OrderRecord | undefined> {
  const [row] = await world.database.rows<OrderRecord>(
    'select id, state, provider_order_id, provider_reference, next_check_at, posted_at from orders where provider_reference = ?',
    [reference],
  );
  return row;
}

/** The state of the order most recently saved on our side, whatever stage it reached. */
export async function newestLocalState(world: World): Promise<string | undefined> {
  const [row] = await world.database.rows<{ state: string }>('select state from orders order by id desc limit 1');
  return row?.state;
}

/** Secrets shorter than this are looked for as words of their own (see expectAbsent). */
const SHORT_SECRET = 8;

/**
 * Fails when any of the secrets is in the text or the bytes. `known` is
 * something that is meant to be there (an order reference), so that a wrong
 * file or an empty log cannot pass for a clean one.
 */
export function expectAbsent(haystack: string | Buffer, secrets: readonly string[], known: string): void {
  const text = typeof haystack === 'string' ? haystack : haystack.toString('utf8');
  const has = (needle: string) => text.includes(needle);
  if (!has(known)) throw new Error(`expected to find ${known}: wrong file or empty output`);
  // A short secret (a card's four-digit PIN) is looked for as a word of its own: as a bare substring it turns up by
  // chance inside a year, an amount or an id about once in a few hundred runs, while a leaked PIN stands apart.
  const escaped = (secret: string) => secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = (secret: string) => (secret.length >= SHORT_SECRET ? new RegExp(escaped(secret)) : new RegExp(`(^|[^\\p{L}\\p{N}])${escaped(secret)}($|[^\\p{L}\\p{N}])`, 'u'));
  const found = secrets.filter((secret) => pattern(secret).test(text));
  if (found.length === 0) return;
  // Where each was found, every secret masked: enough to tell a leak from a short one matching an unrelated number by chance.
  const masked = (context: string) => secrets.reduce((shown, secret) => shown.split(secret).join('#'.repeat(secret.length)), context);
  const places = found.map((secret) => {
    const at = text.search(pattern(secret));
    return JSON.stringify(masked(text.slice(Math.max(0, at - 80), at + secret.length + 40)));
  });
  throw new Error(`${found.length} secret(s) found where none may be, at: ${places.join(', ')}`);
}

/**
 * What the database holds now: on SQLite the raw bytes of the file and of
 * its write-ahead log as they are on disk; on PostgreSQL every row of every
 * table of ours, as text.
 */
export async function databaseBytes(world: World): Promise<Buffer> {
  if (world.database.kind === 'postgresql') {
    const tables = await world.database.rows<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public'");
    const texts: string[] = [];
    for (const { name } of tables) {
      const rows = await world.database.rows<{ row: string }>(`select t::text as row from "${name}" t`);
      texts.push(...rows.map((r) => r.row));
    }
    return Buffer.from(texts.join('\n'), 'utf8');
  }
  const files = [world.databasePath, `${world.databasePath}-wal`, `${world.databasePath}-journal`].filter((file) => existsSync(file));
  return Buffer.concat(files.map((file) => readFileSync(file)));
}

/** Stars each product a search finds first, at the step that asks how many (choosing its first region where it asks one). */
export async function starProducts(world: World, user: FakeUser, searches: readonly string[]): Promise<void> {
  const chat = chatDriver(world.telegram, user);
  for (const search of searches) {
    await chat.say('/order', /Choose a category/);
    await chat.say(search, /Products matching/);
    await chat.tap(new RegExp(`^${search}`), /How many\?|region/i);
    await chat.tap(/Add to favourites/, /Added to your favourites/);
    await chat.tap(/Cancel/, /Cancelled/);
  }
}

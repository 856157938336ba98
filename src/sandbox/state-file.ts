import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { keepPrivate } from '../db/private-file.js';
import { z } from 'zod';
import type { SavedSandboxState, StateChange, StoredOrder } from './types.js';

/**
 * The sandbox's memory across restarts: one SQLite file holding its wallet
 * history (the debits its list does not show included), its orders (states
 * and deliveries included), the stock its orders took and the next order id.
 *
 * SQLite rather than a JSON file: each order is one small transaction
 * instead of a rewrite of the whole history, and a kill -9 half-way leaves
 * the last committed step, never a torn file. WAL with synchronous NORMAL,
 * as the bot's own database: durable across a process crash, and a write
 * costs no fsync on the event loop. What a power loss could still take back
 * (the last few steps) the order-id floor taken from the bot's database at
 * start makes up for.
 */
export interface SandboxStateFile {
  path: string;
  saved: SavedSandboxState;
  save(change: StateChange): void;
  close(): void;
}

/** The state file cannot be opened, read or trusted; the message names the file and why. */
export class SandboxStateError extends Error {
  override name = 'SandboxStateError';
  constructor(
    readonly path: string,
    readonly reason: string,
    /** Another running sandbox holds the file (nothing is wrong with it). */
    readonly held = false,
  ) {
    super(`the sandbox state file ${path} cannot be used: ${reason}`);
  }
}

/**
 * Bumped when the stored shapes change in a way an older reader would
 * misread. Format 2 adds debits missing from the list and refunds due
 * later, which a reader of format 1 would silently drop; a format 1 file
 * is read as it is (it has neither) and marked format 2 from then on.
 */
const FORMAT = '2';
const READABLE_FORMATS: ReadonlySet<string> = new Set(['1', FORMAT]);

const card = z.object({ code: z.string(), pin: z.string(), serial: z.string(), expiresAt: z.string() });
const storedOrder = z.object({
  orderId: z.number().int().positive(),
  orderReference: z.string(),
  amount: z.number(),
  createdAtMs: z.number(),
  items: z.array(
    z.object({
      id: z.number().int(),
      productId: z.number().int(),
      regionPropertyId: z.number().int(),
      quantity: z.number().int(),
      unitPrice: z.number(),
      totalAmount: z.number(),
      delivery: z.object({ cards: z.array(card), instructions: z.string() }).nullable(),
    }),
  ),
  requiredFields: z.record(z.string(), z.array(z.object({ fieldId: z.number(), value: z.string() }))),
  finalState: z.string().nullable(),
  refunded: z.boolean(),
  refundDueAtMs: z.number().nullable().default(null),
  plan: z
    .object({ finalAtMs: z.number(), detour: z.object({ status: z.string(), fromMs: z.number() }).optional() })
    .nullable(),
});
const transaction = z.object({
  id: z.number().int().positive(),
  type: z.enum(['DEBIT', 'CREDIT']),
  amount: z.number(),
  balanceAfter: z.number(),
  orderId: z.number().int().nullable(),
  description: z.string(),
  createdAt: z.string(),
});
const unlistedDebit = z.object({
  afterTransactionId: z.number().int().nonnegative(),
  orderId: z.number().int(),
  amount: z.number(),
  balanceAfter: z.number(),
  createdAt: z.string(),
});

const SCHEMA = `
  create table if not exists sandbox_meta (key text primary key, value text not null);
  create table if not exists sandbox_orders (order_id integer primary key, body text not null);
  create table if not exists sandbox_transactions (id integer primary key, body text not null);
  create table if not exists sandbox_unlisted_debits (seq integer primary key autoincrement, body text not null);
  create table if not exists sandbox_stock (region_property_id integer primary key, stock integer not null);
`;

/**
 * Opens the state file, creating it (and its folder) when missing, and reads everything it
 * holds. Throws SandboxStateError when the file is damaged, written by an
 * incompatible version, or held by another running sandbox: nothing is
 * repaired or replaced on the sandbox's own initiative (see docs/operations.md, "Sandbox mode"), so
 * a damaged file stays as it was for the operator to look at or move away.
 */
export function openSandboxStateFile(path: string): SandboxStateFile {
  let sqlite: Database.Database;
  try {
    // On PostgreSQL no database file has made ./data already.
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    sqlite = new Database(path, { timeout: 0 });
    keepPrivate(path);
  } catch (error) {
    throw new SandboxStateError(path, reasonOf(error), isBusy(error));
  }
  try {
    // One process per file: two sandboxes sharing it would each hand out the same next order id.
    sqlite.pragma('locking_mode = EXCLUSIVE');
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    const check = sqlite.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the file is damaged (${String(check)})`);
    sqlite.exec(SCHEMA);
    const format = sqlite.prepare<[], { value: string }>(`select value from sandbox_meta where key = 'format'`).get()?.value;
    if (format === undefined) sqlite.prepare(`insert into sandbox_meta (key, value) values ('format', ?)`).run(FORMAT);
    else if (!READABLE_FORMATS.has(format)) throw new Error(`it was written in format ${format}, this version reads format ${FORMAT}`);
    else if (format !== FORMAT) sqlite.prepare(`update sandbox_meta set value = ? where key = 'format'`).run(FORMAT);
    const saved = readAll(sqlite);
    return { path, saved, save: createSave(sqlite), close: () => sqlite.open && sqlite.close() };
  } catch (error) {
    sqlite.close();
    throw new SandboxStateError(path, reasonOf(error), isBusy(error));
  }
}

function readAll(sqlite: Database.Database): SavedSandboxState {
  const bodies = (table: string, key: string) => sqlite.prepare<[], { body: string }>(`select body from ${table} order by ${key}`).all();
  const parse = <T>(schema: z.ZodType<T>, what: string, body: string): T => {
    const parsed = schema.safeParse(safeJson(body));
    if (!parsed.success) throw new Error(`a stored ${what} is unreadable (${z.prettifyError(parsed.error).split('\n')[0]})`);
    return parsed.data;
  };
  const next = sqlite.prepare<[], { value: string }>(`select value from sandbox_meta where key = 'next_order_id'`).get()?.value;
  if (next !== undefined && !/^[0-9]+$/.test(next)) throw new Error(`the stored next order id "${next}" is not a number`);
  return {
    orders: bodies('sandbox_orders', 'order_id').map((row) => parse(storedOrder, 'order', row.body) as StoredOrder),
    transactions: bodies('sandbox_transactions', 'id').map((row) => parse(transaction, 'transaction', row.body)),
    unlistedDebits: bodies('sandbox_unlisted_debits', 'seq').map((row) => parse(unlistedDebit, 'unlisted debit', row.body)),
    stock: sqlite
      .prepare<[], { regionPropertyId: number; stock: number }>(`select region_property_id as regionPropertyId, stock from sandbox_stock`)
      .all(),
    nextOrderId: next === undefined ? null : Number(next),
  };
}

function createSave(sqlite: Database.Database): (change: StateChange) => void {
  const putOrder = sqlite.prepare(`insert into sandbox_orders (order_id, body) values (?, ?) on conflict (order_id) do update set body = excluded.body`);
  const putTransaction = sqlite.prepare(`insert into sandbox_transactions (id, body) values (?, ?)`);
  const putUnlisted = sqlite.prepare(`insert into sandbox_unlisted_debits (body) values (?)`);
  const putStock = sqlite.prepare(
    `insert into sandbox_stock (region_property_id, stock) values (?, ?) on conflict (region_property_id) do update set stock = excluded.stock`,
  );
  const putNext = sqlite.prepare(`insert into sandbox_meta (key, value) values ('next_order_id', ?) on conflict (key) do update set value = excluded.value`);
  return sqlite.transaction((change: StateChange) => {
    for (const order of change.orders ?? []) putOrder.run(order.orderId, JSON.stringify(order));
    for (const entry of change.transactions ?? []) putTransaction.run(entry.id, JSON.stringify(entry));
    for (const entry of change.unlistedDebits ?? []) putUnlisted.run(JSON.stringify(entry));
    for (const entry of change.stock ?? []) putStock.run(entry.regionPropertyId, entry.stock);
    if (change.nextOrderId !== undefined) putNext.run(String(change.nextOrderId));
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isBusy = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_BUSY') return 'another running sandbox holds it';
  if (code === 'SQLITE_NOTADB') return 'it is not a sandbox state file (or it is damaged)';
  if (code === 'SQLITE_CORRUPT') return 'the file is damaged';
  return error instanceof Error ? error.message : String(error);
}

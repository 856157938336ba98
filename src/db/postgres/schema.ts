import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { batches } from './batches-table.js';
import { APPROVAL_STATES } from '../../domain/approvals.js';
import { NOTIFICATION_KINDS } from '../../domain/notification-kinds.js';
import { ORDER_STATES, type AdoptionProof, type ReviewCandidate } from '../../domain/order-states.js';
import { STAFF_ROLES } from '../../domain/staff-roles.js';
import { type OrderLine } from '../../domain/order-line.js';

export * from './code-messages-schema.js';
/**
 * The whole PostgreSQL schema: the tables, columns, CHECKs and indexes of
 * the SQLite schema (../schema.ts) under the same names, so that one set of
 * repositories reads both. Where the types differ:
 *
 * - Telegram ids, provider ids and amounts are `bigint` (exact, read as
 *   numbers: all stay far below 2^53); Telegram ids and amounts do not fit
 *   PostgreSQL's 32-bit integer. Positions and counters are `integer`.
 * - Times are `timestamptz`, read as Date like SQLite's `timestamp_ms`
 *   columns, so repositories get the same values; PostgreSQL keeps
 *   microseconds, so no millisecond is lost, and they read as times in psql.
 * - JSON columns are `jsonb` with the same TypeScript shapes.
 * - Product search: SQLite's FTS5 table has no equivalent here; the
 *   words of each product's folded `search_text`, and their prefixes,
 *   are kept in `product_search` (PostgreSQL only) by triggers on
 *   `products` (see migration 0002), under a GIN index.
 */

/** `column in ('a', 'b')`, from one of the lists in src/domain, as SQLite's CHECKs are built. */
const inList = (column: string, values: readonly string[]) => `${column} in (${values.map((v) => `'${v}'`).join(', ')})`;

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => at('created_at').notNull();
/** A Telegram id, a provider's id or an amount: exact 64-bit, read as a number. */
const big = (name: string) => bigint(name, { mode: 'number' });
/** Local ids, numbered by the database; a copy from SQLite may insert its own. */
const serialId = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

export const staff = pgTable(
  'staff',
  {
    telegramId: big('telegram_id').primaryKey(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    source: text('source', { enum: ['env', 'chat'] }).notNull(),
    addedBy: big('added_by'),
    locale: text('locale', { enum: ['en', 'fa'] }),
    createdAt: createdAt(),
  },
  () => [
    check('staff_role_check', sql.raw(inList('role', STAFF_ROLES))),
    check('staff_source_check', sql.raw(inList('source', ['env', 'chat']))),
    check('staff_locale_check', sql.raw(`locale is null or ${inList('locale', ['en', 'fa'])}`)),
  ],
);

export const people = pgTable('people', {
  telegramId: big('telegram_id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name'),
  username: text('username'),
  languageCode: text('language_code'),
  updatedAt: at('updated_at').notNull(),
});

export const strangerReplies = pgTable('stranger_replies', {
  telegramId: big('telegram_id').primaryKey(),
  lastReplyAt: at('last_reply_at').notNull(),
});

export const categories = pgTable('categories', {
  id: big('id').primaryKey(),
  title: text('title').notNull(),
  parentId: big('parent_id'),
  position: integer('position').notNull(),
});

export const products = pgTable(
  'products',
  {
    id: big('id').primaryKey(),
    title: text('title').notNull(),
    /** The title folded for search (normaliseSearchText), as on SQLite. */
    searchText: text('search_text').notNull(),
    categoryId: big('category_id'),
    isAvailable: boolean('is_available'),
    position: integer('position').notNull(),
    bucketId: big('bucket_id').notNull().default(0),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId, t.position),
    index('products_bucket_idx').on(t.bucketId, t.position),
  ],
);

/**
 * What FTS5's products_fts does on SQLite, one row a product: the words of
 * its folded title in order, and every prefix of every word, which a GIN
 * index turns into posting lists (a typed word is one key, and the words
 * of a search are intersected inside the index, as FTS5 does). Its bucket
 * rides along, so a search that also matches a category's name is one
 * bitmap over this table. Kept only by the triggers on products (migration
 * 0002), so every way a product is written (the catalog writer, db:copy,
 * psql) keeps it right.
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: big('product_id').primaryKey(),
    bucketId: big('bucket_id').notNull(),
    words: text('words').array().notNull(),
    prefixes: text('prefixes').array().notNull(),
  },
  (t) => [
    // fastupdate off: a bulk write otherwise leaves its keys in the index's unsorted pending list, which every search then reads whole (a millisecond and more at 10,000 products).
    index('product_search_prefixes_idx').using('gin', t.prefixes).with({ fastupdate: false }),
    index('product_search_bucket_idx').on(t.bucketId),
  ],
);

/** Tables PostgreSQL derives from others by triggers: not in SQLite's schema, never copied (db:copy fills them by writing their sources). */
export const DERIVED_TABLES: readonly string[] = ['product_search'];

/**
 * Tables only PostgreSQL has: the derived ones, and state that several instances share and a single
 * SQLite instance keeps in memory (the provider's request budget). None is in SQLite's schema; db:copy skips them.
 */
export const POSTGRES_ONLY_TABLES: readonly string[] = [...DERIVED_TABLES, 'provider_rate_budget', 'velocity_counters', 'private_locks'];

export const categoryCounts = pgTable('category_counts', {
  categoryId: big('category_id').primaryKey(),
  productCount: integer('product_count').notNull(),
});

export const productPrices = pgTable('product_prices', {
  productId: big('product_id').primaryKey(),
  priceFrom: big('price_from').notNull(),
  priceTo: big('price_to'),
  stockTotal: integer('stock_total').notNull(),
  fetchedAt: at('fetched_at').notNull(),
});

export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: at('updated_at').notNull(),
});

export const botSessions = pgTable('bot_sessions', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: at('updated_at').notNull(),
});

export const orders = pgTable(
  'orders',
  {
    id: serialId(),
    userId: big('user_id').notNull(),
    chatId: big('chat_id').notNull(),
    confirmKey: text('confirm_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    totalAmount: big('total_amount').notNull(),
    state: text('state', { enum: ORDER_STATES }).notNull(),
    providerOrderId: big('provider_order_id'),
    providerReference: text('provider_reference'),
    providerStatus: text('provider_status'),
    providerMessage: text('provider_message'),
    sandbox: boolean('sandbox').notNull(),
    createdAt: createdAt(),
    postedAt: at('posted_at'),
    postEndedAt: at('post_ended_at'),
    updatedAt: at('updated_at').notNull(),
    finishedAt: at('finished_at'),
    nextCheckAt: at('next_check_at'),
    checkCount: integer('check_count').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: at('lease_expires_at'),
    staleReportedAt: at('stale_reported_at'),
    reviewCandidates: jsonb('review_candidates').$type<ReviewCandidate[]>(),
    acceptedOrderId: big('accepted_order_id'),
    acceptedReference: text('accepted_reference'),
    acceptedAmount: big('accepted_amount'),
    adoptionProof: jsonb('adoption_proof').$type<AdoptionProof>(),
    ownerLock: big('owner_lock'),
    answersErasedAt: at('answers_erased_at'),
    batchId: integer('batch_id').references(() => batches.id),
    batchIndex: integer('batch_index'),
    /** The cost centre the order spends (cost_centres.id), when one was asked for and chosen; with the orderer's one-line note of what it was for. */
    costCentreId: integer('cost_centre_id'),
    purposeNote: text('purpose_note'),
  },
  (t) => [
    check('orders_state_check', sql.raw(inList('state', ORDER_STATES))),
    uniqueIndex('orders_confirm_key_idx').on(t.confirmKey),
    uniqueIndex('orders_provider_order_id_idx').on(t.providerOrderId),
    // The wallet has at most one POST in flight at a time.
    uniqueIndex('orders_one_placing_idx').on(t.state).where(sql`state = 'placing'`),
    // While an outcome is unknown, the same order cannot be placed again.
    uniqueIndex('orders_open_fingerprint_idx')
      .on(t.fingerprint)
      .where(sql`state in ('placing', 'unknown', 'needs_review')`),
    index('orders_next_check_idx').on(t.nextCheckAt),
    index('orders_user_idx').on(t.userId, t.id),
    // A person's spending in a day or a month (the limits, the approval threshold) reads only that period's orders, however many came before.
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // A cost centre's month (its budget's figures) reads only that month's orders of it.
    index('orders_cost_centre_created_idx').on(t.costCentreId, t.createdAt),
    // The repair looks for these every few seconds: the index holds only the few orders in hand.
    index('orders_in_hand_idx').on(t.state).where(sql`state in ('intent', 'placing')`),
    index('orders_answers_kept_idx').on(t.finishedAt).where(sql`answers_erased_at is null`),
    index('orders_batch_idx').on(t.batchId, t.batchIndex),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serialId(),
    at: at('at').notNull(),
    actorId: big('actor_id'),
    action: text('action').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    amount: big('amount'),
    detail: text('detail'),
    subjectId: big('subject_id'),
  },
  (t) => [
    index('audit_log_order_idx').on(t.orderId),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_subject_idx').on(t.subjectId, t.id),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serialId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    status: text('status', { enum: ['pending', 'sent', 'undeliverable'] }).notNull(),
    createdAt: createdAt(),
    nextAttemptAt: at('next_attempt_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    partsSent: integer('parts_sent').notNull().default(0),
    sentAt: at('sent_at'),
    lastError: text('last_error'),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: at('lease_expires_at'),
  },
  (t) => [
    check('notifications_kind_check', sql.raw(inList('kind', NOTIFICATION_KINDS))),
    check('notifications_status_check', sql.raw(inList('status', ['pending', 'sent', 'undeliverable']))),
    uniqueIndex('notifications_order_kind_idx').on(t.orderId, t.kind),
    index('notifications_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

export const approvals = pgTable(
  'approvals',
  {
    id: serialId(),
    requesterId: big('requester_id').notNull(),
    chatId: big('chat_id').notNull(),
    confirmKey: text('confirm_key').notNull(),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    state: text('state', { enum: APPROVAL_STATES }).notNull(),
    revision: integer('revision').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    decidedBy: big('decided_by'),
    decidedAt: at('decided_at'),
    reason: text('reason'),
    orderId: integer('order_id').references(() => orders.id),
    ownerLock: big('owner_lock'),
    answersErasedAt: at('answers_erased_at'),
    /** The cost centre and note the orderer gave, carried to the order once approved. */
    costCentreId: integer('cost_centre_id'),
    purposeNote: text('purpose_note'),
  },
  (t) => [
    check('approvals_state_check', sql.raw(inList('state', APPROVAL_STATES))),
    uniqueIndex('approvals_confirm_key_idx').on(t.confirmKey),
    index('approvals_state_expiry_idx').on(t.state, t.expiresAt),
  ],
);

/**
 * PostgreSQL only: the provider's request budget and Retry-After hold,
 * shared by every instance on the database (a token bucket per key; see
 * rate-budget-store.ts). SQLite runs one instance, which keeps its budget in
 * memory.
 */
export const providerRateBudget = pgTable('provider_rate_budget', {
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  refilledAt: at('refilled_at').notNull(),
  holdUntil: at('hold_until').notNull(),
  interactiveUntil: at('interactive_until').notNull(),
  lastTakeGranted: boolean('last_take_granted').notNull(),
  /** The last grants' times on the server's clock, oldest first: the window that keeps any one second within the rate. */
  recentGrants: timestamp('recent_grants', { withTimezone: true, mode: 'date' }).array().notNull().default(sql`'{}'`),
  /** The same for background takes alone: their share of the window, which leaves people places. */
  recentBackgroundGrants: timestamp('recent_background_grants', { withTimezone: true, mode: 'date' }).array().notNull().default(sql`'{}'`),
});

/**
 * PostgreSQL only: how many orders, code reveals and provider reads each
 * person made in the current window (src/safeguards/velocity), shared by every
 * instance. SQLite runs one instance, which counts in memory.
 */
export const velocityCounters = pgTable('velocity_counters', {
  key: text('key').primaryKey(),
  /** The newest moment a hit was asked at (epoch ms). */
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  /** 1 when the newest hit was taken, 0 when it was refused (shared-velocity.ts). */
  count: integer('count').notNull(),
  /** When each hit still inside the longest window was taken (epoch ms), oldest first: the sliding window. */
  hits: bigint('hits', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
});

// The tables kept in files of their own (one file per table); drizzle-kit reads them through this re-export.
export * from './table-files.js';

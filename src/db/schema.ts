import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { batches } from './batches-table.js';
import { APPROVAL_STATES } from '../domain/approvals.js';
import { NOTIFICATION_KINDS } from '../domain/notification-kinds.js';
import { ORDER_STATES, type AdoptionProof, type ReviewCandidate } from '../domain/order-states.js';
import { STAFF_ROLES } from '../domain/staff-roles.js';
import { type OrderLine } from '../domain/order-line.js';

export * from './code-messages-schema.js'; // kept apart for length; drizzle-kit sees it through this re-export

/**
 * The whole SQLite schema. `text({ enum })` only narrows types, so every
 * enumerated column also carries a CHECK constraint.
 */

const createdAt = () => integer('created_at', { mode: 'timestamp_ms' }).notNull();

/**
 * Authorised people. Administrators from ADMIN_IDS are mirrored here with
 * source 'env'. A viewer reads (balance, everyone's orders, transactions,
 * the audit) and never orders or sees a code.
 */
export const staff = sqliteTable(
  'staff',
  {
    telegramId: integer('telegram_id').primaryKey(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    source: text('source', { enum: ['env', 'chat'] }).notNull(),
    addedBy: integer('added_by'),
    locale: text('locale', { enum: ['en', 'fa'] }),
    createdAt: createdAt(),
  },
  (t) => [
    check('staff_role_check', sql.raw(`role in (${STAFF_ROLES.map((r) => `'${r}'`).join(', ')})`)),
    check('staff_source_check', sql`${t.source} in ('env', 'chat')`),
    check('staff_locale_check', sql`${t.locale} is null or ${t.locale} in ('en', 'fa')`),
  ],
);

/**
 * What Telegram last told us about a person (from any update of theirs), so
 * that people are shown by name. User-controlled text: shown as plain text,
 * cut to a sane length. Written only when something changed.
 */
export const people = sqliteTable('people', {
  telegramId: integer('telegram_id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name'),
  username: text('username'),
  /** Telegram's language of the person's app: the language of a message to someone not on the staff yet. */
  languageCode: text('language_code'),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/** When a stranger was last told their ID, so that they hear from us at most once an hour. */
export const strangerReplies = sqliteTable('stranger_replies', {
  telegramId: integer('telegram_id').primaryKey(),
  lastReplyAt: integer('last_reply_at', { mode: 'timestamp_ms' }).notNull(),
});

export const categories = sqliteTable('categories', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  parentId: integer('parent_id'),
  position: integer('position').notNull(),
});

export const products = sqliteTable(
  'products',
  {
    id: integer('id').primaryKey(),
    title: text('title').notNull(),
    /** Lower-cased title for search; SQLite's LIKE folds ASCII only. */
    searchText: text('search_text').notNull(),
    categoryId: integer('category_id'),
    isAvailable: integer('is_available', { mode: 'boolean' }),
    position: integer('position').notNull(),
    /**
     * The category the product is listed under: its own when the provider
     * listed that category, else UNCATEGORISED_ID (0). Set by the sync, so a
     * category page is one indexed range instead of a scan.
     */
    bucketId: integer('bucket_id').notNull().default(0),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId, t.position),
    index('products_bucket_idx').on(t.bucketId, t.position),
  ],
);

/**
 * How many products each category lists (UNCATEGORISED_ID included),
 * written by the catalog sync with the categories, so that the category
 * menu shown at every /order and every Back reads a few rows instead of
 * counting the catalog.
 */
export const categoryCounts = sqliteTable('category_counts', {
  categoryId: integer('category_id').primaryKey(),
  productCount: integer('product_count').notNull(),
});

/**
 * What the last product detail said about price and stock, so that product
 * lists can show a price without asking the provider while someone browses.
 * Kept apart from `products` because a catalog sync replaces that table.
 */
export const productPrices = sqliteTable('product_prices', {
  productId: integer('product_id').primaryKey(),
  /** Lowest price among the regions in stock, or among all when none is. */
  priceFrom: integer('price_from').notNull(),
  /** Highest price among the same regions; above price_from means the list says "from". Null for rows read before it was kept. */
  priceTo: integer('price_to'),
  stockTotal: integer('stock_total').notNull(),
  fetchedAt: integer('fetched_at', { mode: 'timestamp_ms' }).notNull(),
});

/** Small facts about the running system (last catalog sync and its outcome). */
export const appState = sqliteTable('app_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/** grammY conversation and session storage, one row per chat. */
export const botSessions = sqliteTable('bot_sessions', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

export const orders = sqliteTable(
  'orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    chatId: integer('chat_id').notNull(),
    /** One confirmation places at most one order: the summary's key is unique. */
    confirmKey: text('confirm_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /**
     * The products of the order, one line each, as OrderLine[] in JSON (see
     * orders/order-line.ts): product, region and unit price as confirmed,
     * quantity, and what the end customer gave for the fields. Never a code.
     */
    lines: text('lines', { mode: 'json' }).$type<OrderLine[]>().notNull(),
    /** The sum of the lines at their confirmed prices: what the limits and the approval threshold judged. */
    totalAmount: integer('total_amount').notNull(),
    state: text('state', { enum: ORDER_STATES }).notNull(),
    providerOrderId: integer('provider_order_id'),
    providerReference: text('provider_reference'),
    providerStatus: text('provider_status'),
    providerMessage: text('provider_message'),
    sandbox: integer('sandbox', { mode: 'boolean' }).notNull(),
    createdAt: createdAt(),
    /** When the POST was sent; with post_ended_at, the flight inside which its order can have been created. */
    postedAt: integer('posted_at', { mode: 'timestamp_ms' }),
    /** When the POST was answered, failed or timed out (or, after a crash, the latest it can have ended). */
    postEndedAt: integer('post_ended_at', { mode: 'timestamp_ms' }),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    // Follow-up scheduling (delivery poller and reconciliation).
    nextCheckAt: integer('next_check_at', { mode: 'timestamp_ms' }),
    checkCount: integer('check_count').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: integer('lease_expires_at', { mode: 'timestamp_ms' }),
    staleReportedAt: integer('stale_reported_at', { mode: 'timestamp_ms' }),
    /**
     * Set with the move to needs_review: the provider orders reconciliation
     * could not tell apart, or an empty list when its pages did not reach
     * back to the order's time. What administrators are shown.
     */
    reviewCandidates: text('review_candidates', { mode: 'json' }).$type<ReviewCandidate[]>(),
    /**
     * What the provider's answer to our POST said, kept apart from
     * provider_order_id because it carries no unique index: a success is
     * recorded even when that id collides with another local order's. Set
     * means the provider accepted the order; it is never "not placed".
     */
    acceptedOrderId: integer('accepted_order_id'),
    acceptedReference: text('accepted_reference'),
    acceptedAmount: integer('accepted_amount'),
    /** Why reconciliation adopted a provider order on its own; null when it did not. */
    adoptionProof: text('adoption_proof', { mode: 'json' }).$type<AdoptionProof>(),
    /**
     * The owner lock of the instance that made the intent or claimed it for
     * its POST (src/db/postgres/owner-lock.ts): on PostgreSQL the repair
     * tells by it at once whether that instance is still alive. Null on
     * SQLite, where one process has the database, and on rows from before.
     */
    ownerLock: integer('owner_lock'),
    /** When the retention pass erased the end customer's answers from `lines` (src/safeguards/retention/): null while they are kept. */
    answersErasedAt: integer('answers_erased_at', { mode: 'timestamp_ms' }),
    /** The batch this order is one of (src/batches), and its index in the batch's plan; null for an order on its own. */
    batchId: integer('batch_id').references(() => batches.id),
    batchIndex: integer('batch_index'),
    /** The cost centre the order spends (cost_centres.id), when one was asked for and chosen; with the orderer's one-line note of what it was for; approvals carry both to the order. */
    costCentreId: integer('cost_centre_id'),
    purposeNote: text('purpose_note'),
  },
  (t) => [
    check('orders_state_check', sql.raw(`state in (${ORDER_STATES.map((s) => `'${s}'`).join(', ')})`)),
    uniqueIndex('orders_confirm_key_idx').on(t.confirmKey),
    uniqueIndex('orders_provider_order_id_idx').on(t.providerOrderId),
    // The wallet has at most one POST in flight at a time.
    uniqueIndex('orders_one_placing_idx').on(t.state).where(sql`state = 'placing'`),
    // While an outcome is unknown, the same order cannot be placed again.
    uniqueIndex('orders_open_fingerprint_idx').on(t.fingerprint).where(sql`state in ('placing', 'unknown', 'needs_review')`),
    index('orders_next_check_idx').on(t.nextCheckAt),
    index('orders_user_idx').on(t.userId, t.id),
    // A person's spending in a day or a month (the limits, the approval threshold), and a cost centre's month (its budget), read only that period's orders.
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_cost_centre_created_idx').on(t.costCentreId, t.createdAt),
    // Looked for by the repair of orders a stopped process left half-way: only the few orders in hand.
    index('orders_in_hand_idx').on(t.state).where(sql`state in ('intent', 'placing')`),
    index('orders_answers_kept_idx').on(t.finishedAt).where(sql`answers_erased_at is null`),
    index('orders_batch_idx').on(t.batchId, t.batchIndex),
  ],
);

/** Append-only record of who did what to which order and for how much. Never a code. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    amount: integer('amount'),
    detail: text('detail'),
    /** The person the event is about when that is not the actor (whose role changed, whose codes were seen). */
    subjectId: integer('subject_id'),
  },
  (t) => [
    index('audit_log_order_idx').on(t.orderId),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_subject_idx').on(t.subjectId, t.id),
  ],
);

/**
 * The outbox: one row per order and event, written in the same transaction
 * as the state change that caused it, so an event is announced exactly once
 * however often the poller sees it. Holds no codes: the sender fetches the
 * delivery from the provider when it sends.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    status: text('status', { enum: ['pending', 'sent', 'undeliverable'] }).notNull(),
    createdAt: createdAt(),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Messages of this notification Telegram has accepted: a retry, even after a restart, resumes after them. */
    partsSent: integer('parts_sent').notNull().default(0),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: integer('lease_expires_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    check('notifications_kind_check', sql.raw(`kind in (${NOTIFICATION_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    check('notifications_status_check', sql`${t.status} in ('pending', 'sent', 'undeliverable')`),
    uniqueIndex('notifications_order_kind_idx').on(t.orderId, t.kind),
    index('notifications_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/**
 * Orders above a person's approval threshold wait here, not in `orders`:
 * nothing about them may reach the provider until an administrator approves.
 * The order is then created with this row's confirm key, and orders'
 * unique confirm key makes one approval at most one order, ever.
 */
export const approvals = sqliteTable(
  'approvals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    requesterId: integer('requester_id').notNull(),
    chatId: integer('chat_id').notNull(),
    /** The summary's confirm key: a replayed Confirm finds this row; the approved order carries it. */
    confirmKey: text('confirm_key').notNull(),
    /**
     * The lines administrators are asked to approve, as in orders; their
     * prices are replaced (and revision bumped) when the provider's change.
     */
    lines: text('lines', { mode: 'json' }).$type<OrderLine[]>().notNull(),
    state: text('state', { enum: APPROVAL_STATES }).notNull(),
    /** Bumped whenever the numbers change: Approve buttons carry it, so an older summary cannot approve a newer price. */
    revision: integer('revision').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** The administrator who approved, rejected, or is approving now. */
    decidedBy: integer('decided_by'),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    reason: text('reason'),
    /** Set once approved and handed to the order service. */
    orderId: integer('order_id').references(() => orders.id),
    /** The owner lock of the instance checking or placing it now, as on orders; null on SQLite. */
    ownerLock: integer('owner_lock'),
    /** When the retention pass erased the end customer's answers of this settled request, as on orders. */
    answersErasedAt: integer('answers_erased_at', { mode: 'timestamp_ms' }),
    costCentreId: integer('cost_centre_id'),
    purposeNote: text('purpose_note'),
  },
  (t) => [
    check('approvals_state_check', sql.raw(`state in (${APPROVAL_STATES.map((s) => `'${s}'`).join(', ')})`)),
    uniqueIndex('approvals_confirm_key_idx').on(t.confirmKey),
    index('approvals_state_expiry_idx').on(t.state, t.expiresAt),
  ],
);

// The tables kept in files of their own (one file per table); drizzle-kit reads them through this re-export.
export * from './table-files.js';

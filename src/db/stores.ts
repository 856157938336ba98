import { createAdminRequestStore, type AdminRequestStore } from './admin-request-store.js';
import type { CatalogStore } from '../catalog/catalog-store.js';
import { createSqliteCatalogStore } from '../catalog/catalog-store.js';
import type { Clock } from '../clock.js';
import { createApprovalCards, type ApprovalCards } from './approval-cards.js';
import { createApprovalStore, type ApprovalStore } from './approval-store.js';
import { createAuditTrail, type AuditTrail } from './audit-trail.js';
import { createSqliteOrderQueries, type OrderQueries } from '../orders/order-queries.js';
import { createSpendingStore, type SpendingStore } from './spending-store.js';
import type { AuditQueries } from '../reports/audit-queries.js';
import { createSqliteAuditQueries } from '../reports/audit-queries.js';
import type { ReportQueries } from '../reports/report-queries.js';
import { createSqliteReportQueries } from '../reports/report-queries.js';
import type { SettingsStore } from '../settings/settings-store.js';
import { createSqliteSettingsStore } from '../settings/settings-store.js';
import { createSqliteRateBudgetStore, type RateBudgetStore } from '../provider/rate-budget-store.js';
import { createAppStateStore, type AppStateStore } from './app-state-store.js';
import { databaseOf } from './seam/database-of.js';
import { createSqliteChangeCounterStore, type ChangeCounterStore } from './change-counters.js';
import { createHealthStore, type HealthStore } from './health-store.js';
import type { Db } from './open.js';
import { createPeopleStore, type PeopleStore } from './people-store.js';
import { createPostgresAuditQueries } from './postgres/audit-queries.js';
import { createPostgresChangeCounterStore } from './postgres/change-counters.js';
import { createPostgresCatalogStore } from './postgres/catalog-store.js';
import { createNotificationStore, type NotificationStore } from './notification-store.js';
import { leaseTimeFor } from './lease-time.js';
import type { PgDb } from './postgres/open.js';
import { createOrderLeaseStore, type OrderLeaseStore } from './order-lease-store.js';
import { createPostgresOrderQueries } from './postgres/order-queries.js';
import { createOrderStore, type OrderStore } from './order-store.js';
import { postgresOwnerLocks } from './postgres/owner-lock.js';
import { createOrderingPauseStore, type OrderingPauseStore } from './ordering-pause-store.js';
import { createPostgresRateBudgetStore } from './postgres/rate-budget-store.js';
import { createPostgresReportQueries } from './postgres/report-queries.js';
import { createReviewStore, type ReviewStore } from './review-store.js';
import { createPostgresSessionStore } from './postgres/session-store.js';
import { createPostgresSettingsStore } from './postgres/settings-store.js';
import { createSqliteSessionStore, type SessionStore } from './session-store.js';
import { createStaffStore, type StaffStore } from './staff-store.js';
import { createStrangerRepliesStore, type StrangerRepliesStore } from './stranger-replies-store.js';
import { createCodeMessageStore, type CodeMessageStore } from './code-message-store.js';
import { createRetentionStore, type RetentionStore } from './retention-store.js';
import { createPostgresUpdateQueueStore } from './postgres/update-queue-store.js';
import { createPostgresVelocityStore } from './postgres/velocity-store.js';
import { createMemoryVelocityStore, type VelocityStore } from '../safeguards/velocity/velocity-store.js';
import { createSqliteUpdateQueueStore, type UpdateQueueStore } from './update-queue-store.js';
import { createStepUpStore, type StepUpStore } from './step-up-store.js';
import type { BatchStore } from '../batches/batch-store.js';
import { createSqliteBatchStore } from '../batches/batch-store-sqlite.js';
import { createPostgresBatchStore } from './postgres/batch-store.js';
import type { LedgerStore } from '../ledger/ledger-store.js';
import { createSqliteLedgerStore } from '../ledger/ledger-store-sqlite.js';
import { createPostgresLedgerStore } from './postgres/ledger-store.js';
import { createCodeExpiryStore, type CodeExpiryStore } from './code-expiry-store.js';

/**
 * Everything giftdesk keeps, behind asynchronous stores: the one place that
 * knows which database holds it. Every module above the storage layer is
 * given these and never a database handle, so that SQLite and PostgreSQL
 * answer the same calls with the same values.
 */
export interface Stores {
  /** Which database answers: for the effective configuration and the logs only, never for a decision. */
  database: 'sqlite' | 'postgresql';
  staff: StaffStore;
  people: PeopleStore;
  strangerReplies: StrangerRepliesStore;
  settings: SettingsStore;
  catalog: CatalogStore;
  /** Conversation and session state, one JSON value per key. */
  sessions: SessionStore<unknown>;
  /** The orders as the chat lists and looks them up. */
  orderQueries: OrderQueries;
  /** What the orders spent, for the spending limits and the metrics. */
  spending: SpendingStore;
  /** Orders above a person's threshold, waiting for an administrator. */
  approvals: ApprovalStore;
  /** Where each approval request's buttons were sent. */
  approvalCards: ApprovalCards;
  /** Privileged changes waiting for a second administrator (dual control). */
  adminRequests: AdminRequestStore;
  /** Orders as they move: intents, the claim for the one POST in flight, transitions with their audit rows, start-up repair. */
  orders: OrderStore;
  /** Whether orders may be sent: read from the database on every order, so every instance sees a pause. */
  orderingPause: OrderingPauseStore;
  /** Orders waiting for an administrator's decision. */
  review: ReviewStore;
  /** Audit rows for events that move no order (codes looked at again, an export made). */
  auditTrail: AuditTrail;
  /** Following open orders: their leases, the lease holder's writes, the sweep's and reconciliation's reads. */
  orderLeases: OrderLeaseStore;
  /** The notification outbox and its leases. */
  notifications: NotificationStore;
  /** Reports, exports, the digest and the order feed: read only. */
  reports: ReportQueries;
  /** /audit's pages. */
  auditPages: AuditQueries;
  /** Small values by key that no other store owns: the feed's cursor, the digest's day, the low-balance state, the provider's measured clock offset. */
  appState: AppStateStore;
  /** Counts for /healthz, /readyz and /metrics. */
  health: HealthStore;
  /** The provider's request budget and Retry-After hold: shared by every instance on PostgreSQL, this process's memory on SQLite. */
  rateBudget: RateBudgetStore;
  /** Orders, code reveals and provider reads per person in the current window (velocity limits). */
  velocity: VelocityStore;
  /** How far the tables behind the in-memory views (staff, people, settings) moved: what tells an instance to read them again. */
  changes: ChangeCounterStore;
  /** Webhook updates between the post and the handler: each handled once, a chat's in order, across instances. */
  updateQueue: UpdateQueueStore;
  /** Where each message carrying codes went, so that it can be taken out of the chat after the administrators' setting. */
  codeMessages: CodeMessageStore;
  /** Erasing end customers' answers of settled orders, and forgetting strangers. */
  retention: RetentionStore;
  /** Step-up enrolments (sealed TOTP secrets), the last code's time-step and the one prompt waiting per person. */
  stepUp: StepUpStore;
  /** Batches of orders placed one after another from one confirmation: their plan, state and cursor. */
  batches: BatchStore;
  /** The local copy of the wallet's transactions, and the order look-ups the statement and the wallet watch match them with. */
  ledger: LedgerStore;
  /** Delivered cards that expire: when, whether the orderer handed them over, and whether their reminder went. Never a code. */
  codeExpiries: CodeExpiryStore;
}

export function sqliteStores(deps: { db: Db; clock: Clock }): Stores {
  const { db, clock } = deps;
  const database = databaseOf(db);
  return {
    database: 'sqlite',
    staff: createStaffStore({ database, clock }),
    people: createPeopleStore({ database, clock }),
    strangerReplies: createStrangerRepliesStore({ database }),
    settings: createSqliteSettingsStore({ db, clock }),
    catalog: createSqliteCatalogStore({ db, clock }),
    sessions: createSqliteSessionStore({ db, clock }),
    orderQueries: createSqliteOrderQueries({ db }),
    spending: createSpendingStore({ database }),
    approvals: createApprovalStore({ database, clock }),
    approvalCards: createApprovalCards({ database, clock }),
    adminRequests: createAdminRequestStore({ database, clock }),
    orders: createOrderStore({ database, clock }),
    orderingPause: createOrderingPauseStore({ database, clock }),
    review: createReviewStore({ database, clock }),
    auditTrail: createAuditTrail({ database, clock }),
    orderLeases: createOrderLeaseStore({ database, leases: leaseTimeFor(database) }),
    notifications: createNotificationStore({ database, leases: leaseTimeFor(database) }),
    appState: createAppStateStore({ database, clock }),
    reports: createSqliteReportQueries({ db }),
    auditPages: createSqliteAuditQueries({ db }),
    health: createHealthStore({ database }),
    rateBudget: createSqliteRateBudgetStore({ clock }),
    // One instance on SQLite: counted in its memory, as the request budget is.
    velocity: createMemoryVelocityStore(),
    changes: createSqliteChangeCounterStore(),
    updateQueue: createSqliteUpdateQueueStore({ db, clock }),
    codeMessages: createCodeMessageStore({ database }),
    retention: createRetentionStore({ database }),
    stepUp: createStepUpStore({ database, clock }),
    batches: createSqliteBatchStore({ db }),
    ledger: createSqliteLedgerStore({ db }),
    codeExpiries: createCodeExpiryStore({ database }),
  };
}

/** `ownerLock`: this process's (Roles.ownerLock), recorded on the orders and approvals it works on. */
export function postgresStores(deps: { db: PgDb; clock: Clock; ownerLock?: number | null }): Stores {
  const { db, clock } = deps;
  const ownerLock = deps.ownerLock ?? null;
  const owners = postgresOwnerLocks(ownerLock);
  const database = databaseOf(db);
  return {
    database: 'postgresql',
    staff: createStaffStore({ database, clock }),
    people: createPeopleStore({ database, clock }),
    strangerReplies: createStrangerRepliesStore({ database }),
    settings: createPostgresSettingsStore({ db, clock }),
    catalog: createPostgresCatalogStore({ db, clock }),
    sessions: createPostgresSessionStore({ db, clock }),
    orderQueries: createPostgresOrderQueries({ db }),
    spending: createSpendingStore({ database }),
    approvals: createApprovalStore({ database, clock, owners }),
    approvalCards: createApprovalCards({ database, clock }),
    adminRequests: createAdminRequestStore({ database, clock }),
    orders: createOrderStore({ database, clock, owners }),
    orderingPause: createOrderingPauseStore({ database, clock }),
    review: createReviewStore({ database, clock }),
    auditTrail: createAuditTrail({ database, clock }),
    orderLeases: createOrderLeaseStore({ database, leases: leaseTimeFor(database) }),
    notifications: createNotificationStore({ database, leases: leaseTimeFor(database) }),
    appState: createAppStateStore({ database, clock }),
    reports: createPostgresReportQueries({ db }),
    auditPages: createPostgresAuditQueries({ db }),
    health: createHealthStore({ database }),
    rateBudget: createPostgresRateBudgetStore({ db }),
    velocity: createPostgresVelocityStore({ db }),
    changes: createPostgresChangeCounterStore({ db }),
    updateQueue: createPostgresUpdateQueueStore({ db, clock, ownerLock }),
    codeMessages: createCodeMessageStore({ database }),
    retention: createRetentionStore({ database }),
    stepUp: createStepUpStore({ database, clock }),
    batches: createPostgresBatchStore({ db }),
    ledger: createPostgresLedgerStore({ db }),
    codeExpiries: createCodeExpiryStore({ database }),
  };
}

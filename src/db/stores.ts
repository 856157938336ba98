import { createAdminRequestStore, type AdminRequestStore } from './admin-request-store.js';
import { createCatalogStore, type CatalogStore } from './catalog-store.js';
import type { Clock } from '../clock.js';
import { createCardLocations, type CardLocations } from './card-locations.js';
import { createExpiryNewsStore, type ExpiryNewsStore } from './expiry-news-store.js';
import { createApprovalStore, type ApprovalStore } from './approval-store.js';
import { createAuditTrail, type AuditTrail } from './audit-trail.js';
import { createOrderQueries, type OrderQueries } from './order-queries.js';
import { createSpendingStore, type SpendingStore } from './spending-store.js';
import { createAuditQueries, type AuditQueries } from './audit-queries.js';
import { createReportQueries, type ReportQueries } from './report-queries.js';
import { createMemoryRateBudgetStore } from './memory-rate-budget.js';
import type { RateBudgetStore } from './rate-budget-store.js';
import { createAppStateStore, type AppStateStore } from './app-state-store.js';
import type { Database } from './seam/database.js';
import { sqliteDatabase } from './seam/sqlite-database.js';
import { createUnsharedChangeCounterStore, type ChangeCounterStore } from './change-counters.js';
import { createSharedChangeCounterStore } from './shared-change-counters.js';
import { createHealthStore, type HealthStore } from './health-store.js';
import type { Db } from './open.js';
import { createPeopleStore, type PeopleStore } from './people-store.js';
import { createNotificationStore, type NotificationStore } from './notification-store.js';
import { leaseTimeFor } from './lease-time.js';
import { createOrderLeaseStore, type OrderLeaseStore } from './order-lease-store.js';
import { createOrderStore, type OrderStore } from './order-store.js';
import { postgresOwnerLocks } from './postgres/owner-lock.js';
import { createOrderingPauseStore, type OrderingPauseStore } from './ordering-pause-store.js';
import { createReviewStore, type ReviewStore } from './review-store.js';
import { createSessionStore, sessionReadAhead, type SessionStore } from './session-store.js';
import { createSettingsStore, type SettingsStore } from './settings-store.js';
import { createStaffStore, type StaffStore } from './staff-store.js';
import { createFavouriteStore, type FavouriteStore } from './favourite-store.js';
import { createCodeCaseStore, type CodeCaseStore } from './code-case-store.js';
import { createMonthCloseStore, type MonthCloseStore } from './month-close-store.js';
import { createCostCentreStore, type CostCentreStore } from './cost-centre-store.js';
import { createTopUpStore, type TopUpStore } from './top-up-store.js';
import { createBudgetStore, type BudgetStore } from './budget-store.js';
import { createStrangerRepliesStore, type StrangerRepliesStore } from './stranger-replies-store.js';
import { createCodeMessageStore, type CodeMessageStore } from './code-message-store.js';
import { createRetentionStore, type RetentionStore } from './retention-store.js';
import { createMemoryVelocityStore } from './memory-velocity.js';
import { createSharedVelocityStore } from './shared-velocity.js';
import type { VelocityStore } from './velocity-store.js';
import { createUpdateQueueStore, type UpdateQueueStore } from './update-queue-store.js';
import { createStepUpStore, type StepUpStore } from './step-up-store.js';
import { createBatchStore, type BatchStore } from './batch-store.js';
import { createLedgerStore, type LedgerStore } from './ledger-store.js';
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
  /** Where each copy of an approval request's or a batch's card went, until it is settled. */
  cardLocations: CardLocations;
  /** News of expiries still owed (cards to settle, orderers to tell), finished by the expiry passes of any instance. */
  expiryNews: ExpiryNewsStore;
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
  /** Each person's favourites and the team's picks: what /order opens with. */
  favourites: FavouriteStore;
  /** Cases: delivered codes that did not work, followed until the provider's support answered. Never a code. */
  codeCases: CodeCaseStore;
  /** The statement's annotations and the months closed and signed off. */
  monthClose: MonthCloseStore;
  /** The cost centres administrators keep, and the last one each person's orders named. */
  costCentres: CostCentreStore;
  /** Top-ups asked of finance, and the credits that settled them. */
  topUps: TopUpStore;
  /** Each cost centre's monthly budget and the month's figures it is judged on, counted from the orders. */
  budgets: BudgetStore;
}

/** `beforeClaim`: throws when the order must not be claimed for its POST (the database file is no longer where it was opened). */
export function sqliteStores(deps: { db: Db; clock: Clock; beforeClaim?: () => void }): Stores {
  const { clock } = deps;
  // One instance: no owner locks to record, and the request budget in its memory.
  return storesOver(sqliteDatabase(deps.db.$client), clock, { ownerLock: null, rateBudget: createMemoryRateBudgetStore({ clock }), ...(deps.beforeClaim ? { beforeClaim: deps.beforeClaim } : {}) });
}

/** What differs between one instance and several beyond what `database.kind` chooses: this process's owner lock, and the request budget. */
export interface InstanceStrategies {
  ownerLock: number | null;
  rateBudget: RateBudgetStore;
  beforeClaim?: () => void;
}

/** Every store, each written once over the seam, on either database (PostgreSQL's: postgres-stores.ts). */
export function storesOver(database: Database, clock: Clock, instance: InstanceStrategies): Stores {
  const { ownerLock } = instance;
  // Owner locks are PostgreSQL's (several instances); one SQLite process records none on orders and approvals.
  const owners = database.kind === 'postgresql' ? postgresOwnerLocks(ownerLock) : null;
  const leases = leaseTimeFor(database);
  return {
    database: database.kind,
    staff: createStaffStore({ database, clock }),
    people: createPeopleStore({ database, clock }),
    strangerReplies: createStrangerRepliesStore({ database }),
    settings: createSettingsStore({ database, clock }),
    catalog: createCatalogStore({ database, clock }),
    sessions: createSessionStore({ database, clock }),
    orderQueries: createOrderQueries({ database }),
    spending: createSpendingStore({ database }),
    approvals: createApprovalStore({ database, clock, owners }),
    cardLocations: createCardLocations({ database, clock }),
    expiryNews: createExpiryNewsStore({ database, clock, leases }),
    adminRequests: createAdminRequestStore({ database, clock }),
    orders: createOrderStore({ database, clock, owners, ...(instance.beforeClaim ? { beforeClaim: instance.beforeClaim } : {}) }),
    orderingPause: createOrderingPauseStore({ database, clock }),
    review: createReviewStore({ database, clock }),
    auditTrail: createAuditTrail({ database, clock }),
    orderLeases: createOrderLeaseStore({ database, leases }),
    notifications: createNotificationStore({ database, leases }),
    appState: createAppStateStore({ database, clock }),
    reports: createReportQueries({ database }),
    auditPages: createAuditQueries({ database }),
    health: createHealthStore({ database }),
    rateBudget: instance.rateBudget,
    velocity: velocityStoreOf(database),
    changes: changeCounterStoreOf(database),
    // Where the chat's state is read with the change counters (PostgreSQL), the arrival claim reads them in its own statement.
    updateQueue: createUpdateQueueStore({ database, clock, ownerLock, ...(database.kind === 'postgresql' ? { arrivalRead: sessionReadAhead(database) } : {}) }),
    codeMessages: createCodeMessageStore({ database }),
    retention: createRetentionStore({ database }),
    stepUp: createStepUpStore({ database, clock }),
    batches: createBatchStore({ database }),
    ledger: createLedgerStore({ database }),
    codeExpiries: createCodeExpiryStore({ database }),
    favourites: createFavouriteStore({ database, clock }),
    codeCases: createCodeCaseStore({ database, clock }),
    monthClose: createMonthCloseStore({ database, clock }),
    costCentres: createCostCentreStore({ database, clock }),
    topUps: createTopUpStore({ database, clock }),
    budgets: createBudgetStore({ database, clock }),
  };
}

/**
 * The one choice between the two change counters: shared where instances
 * share the database (PostgreSQL), nothing to read where one instance is
 * the only writer (SQLite).
 */
function changeCounterStoreOf(database: Database): ChangeCounterStore {
  return database.kind === 'postgresql' ? createSharedChangeCounterStore({ database }) : createUnsharedChangeCounterStore();
}

/** The one choice between the velocity counts: a row per key shared by the instances (PostgreSQL), or one instance's memory (SQLite), as the request budget is. */
function velocityStoreOf(database: Database): VelocityStore {
  return database.kind === 'postgresql' ? createSharedVelocityStore({ database }) : createMemoryVelocityStore();
}

import { changeCounters } from '../postgres/change-counters-table.js';
import * as postgres from '../postgres/schema.js';

/**
 * The tables the stores written once use, in PostgreSQL's schema: the
 * types every store is written against (tables.ts), and the values only
 * the PostgreSQL seam hands out, so that a start on SQLite never builds
 * PostgreSQL's tables (docs/performance.md, "Start-up").
 */
export const postgresTables = {
  appState: postgres.appState,
  strangerReplies: postgres.strangerReplies,
  orders: postgres.orders,
  notifications: postgres.notifications,
  stepUp: postgres.stepUp,
  auditLog: postgres.auditLog,
  adminRequests: postgres.adminRequests,
  codeExpiries: postgres.codeExpiries,
  codeMessages: postgres.codeMessages,
  approvals: postgres.approvals,
  cardLocations: postgres.cardLocations,
  people: postgres.people,
  staff: postgres.staff,
  updateQueue: postgres.updateQueue,
  walletLedger: postgres.walletLedger,
  batches: postgres.batches,
  botSessions: postgres.botSessions,
  categories: postgres.categories,
  products: postgres.products,
  categoryCounts: postgres.categoryCounts,
  productPrices: postgres.productPrices,
  catalogHidden: postgres.catalogHidden,
  favourites: postgres.favourites,
  costCentres: postgres.costCentres,
  codeCases: postgres.codeCases,
  topUpRequests: postgres.topUpRequests,
  statementNotes: postgres.statementNotes,
  closedMonths: postgres.closedMonths,
  expiryNews: postgres.expiryNews,
};

/**
 * The tables only PostgreSQL has: what several instances share and a single
 * SQLite instance keeps in its memory. No SQLite twin to agree with: only
 * the shared strategies read them (Database.sharedTables), chosen where
 * `database.kind` is 'postgresql'.
 */
export const postgresOnlyTables = {
  changeCounters,
  velocityCounters: postgres.velocityCounters,
};

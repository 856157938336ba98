import type { InferInsertModel, InferSelectModel, Table } from 'drizzle-orm';
import * as sqlite from '../schema.js';
import type { postgresOnlyTables, postgresTables } from './postgres-tables.js';

/**
 * The tables the stores written once use, in each database's schema
 * (PostgreSQL's in postgres-tables.ts, loaded by its seam alone). The
 * stores are typed with PostgreSQL's; the check below makes the compiler
 * refuse a table whose rows as read differ between the two, or where a row
 * PostgreSQL's types let a store write would not do for SQLite (SQLite may
 * ask less: an integer primary key numbers itself), so that a store's types
 * hold on SQLite too.
 */
export type Tables = typeof postgresTables;

const sqliteSchemaTables = {
  appState: sqlite.appState,
  strangerReplies: sqlite.strangerReplies,
  orders: sqlite.orders,
  notifications: sqlite.notifications,
  stepUp: sqlite.stepUp,
  auditLog: sqlite.auditLog,
  adminRequests: sqlite.adminRequests,
  codeExpiries: sqlite.codeExpiries,
  codeMessages: sqlite.codeMessages,
  approvals: sqlite.approvals,
  cardLocations: sqlite.cardLocations,
  people: sqlite.people,
  staff: sqlite.staff,
  updateQueue: sqlite.updateQueue,
  walletLedger: sqlite.walletLedger,
  batches: sqlite.batches,
  botSessions: sqlite.botSessions,
  categories: sqlite.categories,
  products: sqlite.products,
  categoryCounts: sqlite.categoryCounts,
  productPrices: sqlite.productPrices,
  catalogHidden: sqlite.catalogHidden,
  favourites: sqlite.favourites,
  costCentres: sqlite.costCentres,
  codeCases: sqlite.codeCases,
  topUpRequests: sqlite.topUpRequests,
  statementNotes: sqlite.statementNotes,
  closedMonths: sqlite.closedMonths,
  expiryNews: sqlite.expiryNews,
} satisfies { [Name in keyof Tables]: Table };

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type RowsAgree<Name extends keyof Tables> =
  Same<InferSelectModel<(typeof sqliteSchemaTables)[Name]>, InferSelectModel<Tables[Name]>> extends true
    ? [InferInsertModel<Tables[Name]>] extends [InferInsertModel<(typeof sqliteSchemaTables)[Name]>]
      ? true
      : { rowsWrittenDiffer: Name }
    : { rowsReadDiffer: Name };

// A compile error here names the table whose two schemas disagree (the same names: `satisfies` above).
const everyTableAgrees: { [Name in keyof Tables]: RowsAgree<Name> } = Object.fromEntries(Object.keys(sqliteSchemaTables).map((name) => [name, true])) as {
  [Name in keyof Tables]: true;
};
void everyTableAgrees;

/** SQLite's tables under PostgreSQL's types: the check above is what makes this cast true. */
export const sqliteTables = sqliteSchemaTables as unknown as Tables;

/** The tables only PostgreSQL has (postgres-tables.ts): Database.sharedTables there, null on SQLite. */
export type SharedTables = typeof postgresOnlyTables;

/**
 * The tables that live in files of their own, re-exported by the schema
 * (and so seen by drizzle-kit): a new table adds its line here.
 */
export { adminRequests } from './admin-requests-table.js';
export { updateQueue } from './update-queue-table.js';
export { stepUp } from './step-up-table.js';
export { batches } from './batches-table.js';
export { cardLocations } from './card-locations-table.js';
export { catalogHidden } from './catalog-hidden-table.js';
export { walletLedger } from './wallet-ledger-table.js';
export { codeExpiries, REMINDER_STATES, type ReminderState } from './code-expiries-table.js';
export { favourites } from './favourites-table.js';
export { costCentres } from './cost-centres-table.js';
export { codeCases } from './code-cases-table.js';
export { topUpRequests } from './top-up-requests-table.js';
export { statementNotes, closedMonths } from './month-close-tables.js';
export { expiryNews } from './expiry-news-table.js';

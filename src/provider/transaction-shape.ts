import type { Transaction } from './schemas.js';
import { timeBounds } from './time-bounds.js';

/**
 * What giftdesk reads into a wallet transaction beyond its fields (contract.md,
 * "GET /wallet/transactions", all ASSUMED): `type` DEBIT takes `amount` from
 * the wallet and CREDIT adds it, `amount` is never negative, `balanceAfter`
 * is the wallet right after it, `orderId` names the order a debit paid for or
 * a credit refunded (null for a top-up), and `createdAt` is when it happened.
 * Kept here, beside the schemas, so that one edit corrects them all.
 */
type TransactionDirection = 'debit' | 'credit';

/** Null for a type the contract does not name: such an entry is shown, never counted. */
export function transactionDirection(transaction: Pick<Transaction, 'type'>): TransactionDirection | null {
  const type = transaction.type.trim().toUpperCase();
  return type === 'DEBIT' ? 'debit' : type === 'CREDIT' ? 'credit' : null;
}

/** What the transaction did to the balance: negative for a debit, 0 for an unknown type. */
export function balanceChange(transaction: Pick<Transaction, 'type' | 'amount'>): number {
  const direction = transactionDirection(transaction);
  const amount = Math.abs(transaction.amount);
  return direction === 'debit' ? -amount : direction === 'credit' ? amount : 0;
}

/** Where the provider's time is read as a moment: exact when it names its zone, else the middle of what it can mean. */
export function transactionMoment(transaction: Pick<Transaction, 'createdAt'>): number | null {
  const bounds = timeBounds(transaction.createdAt);
  return bounds === null ? null : Math.round((bounds.earliest + bounds.latest) / 2);
}

import type { StatementException } from './statement.js';

/** The prefix of each kind's key: short, so that a key is typed in a command and fits a button's data. */
const PREFIX: Record<StatementException['kind'], string> = {
  'foreign-debit': 'fd',
  'second-debit': 'sd',
  'missing-debit': 'md',
  'amount-differs': 'ad',
  'unplaced-refund': 'ur',
  'missing-refund': 'mr',
  'chain-break': 'cb',
  'unknown-type': 'ut',
  'case-overdue': 'co',
};

/** A key as typed: a prefix of letters and a number. */
export const EXCEPTION_KEY = /^[a-z]{2,4}-[0-9]{1,15}$/;

/**
 * A key for an exception that stays the same each time the statement is
 * worked out again: its kind and the transaction it is about, or the
 * giftdesk order for the exceptions that have no transaction. An
 * administrator's annotation is kept under it.
 */
export function exceptionKey(exception: StatementException): string {
  const prefix = PREFIX[exception.kind] ?? exception.kind.slice(0, 4);
  if ('entry' in exception) return `${prefix}-${exception.entry.id}`;
  return `${prefix}-${exception.order.id}`;
}

/**
 * Callback data of /orders, /track and /transactions, and the prefix a
 * delivery's "Mark handed over" takes beside them. Each has its own prefix
 * so that no other menu's handler takes its presses; values are ids and
 * page numbers only, well under Telegram's 64 bytes.
 *
 *   ol:<page>[:<userId>]          a page of /orders (userId: an administrator's filter)
 *   ot:<id>                       an order's detail in a new message
 *   ot:<id>:r                     the same, refreshed in place (a /track message)
 *   ot:<id>:<page>[:<userId>]     the same, in place of an /orders page, with Back to it
 *   oc:<id>                       show the codes of an order
 *   oa:<id>                       order the same again (a new order, up to its summary)
 *   oh:<id>                       mark an order's expiring codes handed over (built where the
 *                                 delivery is: src/delivery/handed-over-button.ts)
 *   tx:p:<page>                   a page of /transactions
 *   tx:d:<id>:<page>              a transaction, in place of that page
 */

const ID = '[0-9]{1,15}';

/** A page of /orders; userId null is the presser's default (their own, or everyone's for administrators). */
export interface ListRef {
  page: number;
  userId: number | null;
}

export type TrackOrigin = { kind: 'new' } | { kind: 'refresh' } | { kind: 'list'; list: ListRef };

export type TransactionsPress = { kind: 'page'; page: number } | { kind: 'detail'; id: number; page: number };

const listTail = (ref: ListRef) => (ref.userId === null ? `${ref.page}` : `${ref.page}:${ref.userId}`);

export function listData(ref: ListRef): string {
  return `ol:${listTail(ref)}`;
}

export function trackData(orderId: number, origin: TrackOrigin): string {
  if (origin.kind === 'new') return `ot:${orderId}`;
  if (origin.kind === 'refresh') return `ot:${orderId}:r`;
  return `ot:${orderId}:${listTail(origin.list)}`;
}

export function codesData(orderId: number): string {
  return `oc:${orderId}`;
}

export function againData(orderId: number): string {
  return `oa:${orderId}`;
}

export function transactionsPageData(page: number): string {
  return `tx:p:${page}`;
}

export function transactionData(id: number, page: number): string {
  return `tx:d:${id}:${page}`;
}

export const LIST_PATTERN = new RegExp(`^ol:(${ID})(?::(${ID}))?$`);
export const TRACK_PATTERN = new RegExp(`^ot:(${ID})(?::(?:(r)|(${ID})(?::(${ID}))?))?$`);
export const CODES_PATTERN = new RegExp(`^oc:(${ID})$`);
export const AGAIN_PATTERN = new RegExp(`^oa:(${ID})$`);
export const TRANSACTIONS_PATTERN = new RegExp(`^tx:(?:p:(${ID})|d:(${ID}):(${ID}))$`);

function matched(pattern: RegExp, data: string | undefined): RegExpExecArray | null {
  return data === undefined ? null : pattern.exec(data);
}

function listRef(page: string | undefined, userId: string | undefined): ListRef {
  return { page: Number(page), userId: userId === undefined ? null : Number(userId) };
}

export function parseList(data: string | undefined): ListRef | null {
  const m = matched(LIST_PATTERN, data);
  return m ? listRef(m[1], m[2]) : null;
}

export function parseTrack(data: string | undefined): { orderId: number; origin: TrackOrigin } | null {
  const m = matched(TRACK_PATTERN, data);
  if (!m) return null;
  const orderId = Number(m[1]);
  if (m[2] === 'r') return { orderId, origin: { kind: 'refresh' } };
  if (m[3] === undefined) return { orderId, origin: { kind: 'new' } };
  return { orderId, origin: { kind: 'list', list: listRef(m[3], m[4]) } };
}

export function parseCodes(data: string | undefined): number | null {
  const m = matched(CODES_PATTERN, data);
  return m ? Number(m[1]) : null;
}

export function parseAgain(data: string | undefined): number | null {
  const m = matched(AGAIN_PATTERN, data);
  return m ? Number(m[1]) : null;
}

export function parseTransactions(data: string | undefined): TransactionsPress | null {
  const m = matched(TRANSACTIONS_PATTERN, data);
  if (!m) return null;
  if (m[1] !== undefined) return { kind: 'page', page: Number(m[1]) };
  return { kind: 'detail', id: Number(m[2]), page: Number(m[3]) };
}

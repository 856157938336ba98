/**
 * Callback data of the order menu: 'o:<action>[:<value>]'. Short by design:
 * Telegram allows 64 bytes, and values are ids, page numbers or one letter.
 */
const ORDER_PREFIX = 'o:';

export const ACTION = {
  category: 'c',
  categoryPage: 'cp',
  product: 'p',
  productPage: 'pp',
  region: 'r',
  soldOut: 'x',
  quantity: 'q',
  skip: 's',
  back: 'b',
  cancel: 'n',
  confirm: 'ok',
  refresh: 'rf',
  edit: 'e',
  editTarget: 'et',
  /** Summary: add another product to the order. */
  addLine: 'ad',
  /** Summary: open line N (1-based) to change or remove it. */
  editLine: 'el',
  /** A line's menu: remove it from the order. */
  removeLine: 'rm',
  /** Categories while adding a product: back to the order's summary. */
  toCart: 'tc',
  /** Categories of a fresh order: start from one's own favourite N (its id). */
  favourite: 'fa',
  /** Categories of a fresh order: start from the team's pick N (its id). */
  pick: 'pk',
  /** Quantity step: star the product ('team': pin it for everyone, administrators only). */
  star: 'st',
  /** Before the summary: the cost centre N (its id) the order is for. */
  costCentre: 'cc',
  /** Before the summary: no cost centre, or no note. */
  skipPurpose: 'sp',
} as const;

export type Action = (typeof ACTION)[keyof typeof ACTION];

export function data(action: Action, value?: string | number): string {
  return value === undefined ? `${ORDER_PREFIX}${action}` : `${ORDER_PREFIX}${action}:${value}`;
}

export interface Pressed {
  action: string;
  value: string | null;
}

export function parseData(raw: string | undefined): Pressed | null {
  if (!raw?.startsWith(ORDER_PREFIX)) return null;
  const rest = raw.slice(ORDER_PREFIX.length);
  const colon = rest.indexOf(':');
  return colon < 0 ? { action: rest, value: null } : { action: rest.slice(0, colon), value: rest.slice(colon + 1) };
}

/** Confirm keys are UUIDs: 36 characters, so 'o:ok:<key>' stays well under 64 bytes. */
const CONFIRM_PATTERN = /^o:ok:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The confirm key a Confirm button carries; null for any other button (and for Confirms from before keys were carried). */
export function confirmKeyOf(raw: string | undefined): string | null {
  return (raw === undefined ? null : CONFIRM_PATTERN.exec(raw)?.[1]) ?? null;
}

/** A numeric value of a pressed button, or null when it is not a safe integer (ids may use all 16 digits). */
export function numericValue(pressed: Pressed): number | null {
  if (pressed.value === null || !/^-?[0-9]{1,16}$/.test(pressed.value)) return null;
  const value = Number(pressed.value);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * SANDBOX_FAULTS: trouble an operator switches on in the sandbox provider
 * (in-process sandbox mode and `npm run sandbox`) to rehearse it before going
 * live. Written as comma-separated key=value pairs, e.g.
 * `latency=300,error_rate=0.05,rate_limit_rate=0.02,drop_after_create=0.01,fail_product=101,action_product=102,undelivered_product=101`.
 * The wallet's trouble too, for the statement and the watch over unexplained
 * debits: `panel_order_after=60,drop_debit_product=103,overcharge_product=104:5000,refund_delay=120`.
 * Pure: no imports, so that the configuration can check it with every other setting.
 */
export interface SandboxFaults {
  /** Milliseconds waited before every request is answered. */
  latencyMs: number;
  /** Milliseconds more for the catalog lists (GET /products and /products/categories): a slow catalog. */
  catalogLatencyMs: number;
  /** Share (0..1) of requests answered 500 before any effect. */
  errorRate: number;
  /** Share (0..1) of requests answered 429 (Retry-After: 1) before any effect. */
  rateLimitRate: number;
  /** Share (0..1) of created orders whose answer is lost: the order exists, the connection drops. */
  dropAfterCreateRate: number;
  /** Products whose orders end FAILED. */
  failProducts: number[];
  /** Products whose orders end ACTION_REQUIRED. */
  actionProducts: number[];
  /** Products whose items reach COMPLETED with no codes (`delivery: null`) while the rest of the order is delivered. */
  undeliveredProducts: number[];
  /**
   * Seconds after the start at which one order is placed as if from the
   * provider's panel (the cheapest region in stock, quantity 1): a debit no
   * order of the bot accounts for. Null: none.
   */
  panelOrderAfterSeconds: number | null;
  /** Products whose orders take the money with no DEBIT in the transaction list. */
  droppedDebitProducts: number[];
  /**
   * Products whose orders are debited more than their amount, by `extraAmount`
   * per order; null (the key without `:extra`) means 1% of the product's
   * lowest price, rounded up, at least 1.
   */
  overchargedProducts: { productId: number; extraAmount: number | null }[];
  /** Seconds between a FAILED or CANCELLED order's final state and its refund; 0 refunds at once. */
  refundDelaySeconds: number;
}

export const NO_SANDBOX_FAULTS: SandboxFaults = {
  latencyMs: 0,
  catalogLatencyMs: 0,
  errorRate: 0,
  rateLimitRate: 0,
  dropAfterCreateRate: 0,
  failProducts: [],
  actionProducts: [],
  undeliveredProducts: [],
  panelOrderAfterSeconds: null,
  droppedDebitProducts: [],
  overchargedProducts: [],
  refundDelaySeconds: 0,
};

export class SandboxFaultsError extends Error {
  override name = 'SandboxFaultsError';
}

const MAX_LATENCY_MS = 120_000;
/** A week: longer than any rehearsal needs, short enough that a slip of the keyboard is caught. */
const MAX_WAIT_SECONDS = 7 * 24 * 3600;

type Reader = (faults: SandboxFaults, value: string, key: string) => string | null;

const milliseconds = (field: 'latencyMs' | 'catalogLatencyMs'): Reader => (faults, value, key) => {
  const ms = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(ms <= MAX_LATENCY_MS)) return `${key} must be a whole number of milliseconds from 0 to ${MAX_LATENCY_MS}`;
  faults[field] = ms;
  return null;
};

const share = (field: 'errorRate' | 'rateLimitRate' | 'dropAfterCreateRate'): Reader => (faults, value, key) => {
  const rate = /^(0|1|0?\.\d+|1\.0*)$/.test(value) ? Number(value) : NaN;
  if (!(rate >= 0 && rate <= 1)) return `${key} must be a share from 0 to 1, such as 0.05`;
  faults[field] = rate;
  return null;
};

const seconds = (field: 'panelOrderAfterSeconds' | 'refundDelaySeconds'): Reader => (faults, value, key) => {
  const wait = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(wait <= MAX_WAIT_SECONDS)) return `${key} must be a whole number of seconds from 0 to ${MAX_WAIT_SECONDS}`;
  faults[field] = wait;
  return null;
};

const wholeNumber = (text: string): number => (/^\d+$/.test(text) ? Number(text) : NaN);

const product = (field: 'failProducts' | 'actionProducts' | 'undeliveredProducts' | 'droppedDebitProducts'): Reader => (faults, value, key) => {
  const id = wholeNumber(value);
  if (!(Number.isSafeInteger(id) && id > 0)) return `${key} must be a product id (a whole number); repeat the key for more products`;
  faults[field] = [...faults[field], id];
  return null;
};

/** `<id>` or `<id>:<extra>`: the extra amount per order, or the documented 1% when it is left out. */
const overcharge: Reader = (faults, value, key) => {
  const [idText = '', extraText, ...rest] = value.split(':').map((part) => part.trim());
  const id = wholeNumber(idText);
  const extra = extraText === undefined ? null : wholeNumber(extraText);
  const valid = rest.length === 0 && Number.isSafeInteger(id) && id > 0 && (extra === null || (Number.isSafeInteger(extra) && extra > 0));
  if (!valid) return `${key} must be a product id, or a product id and the extra amount charged per order, as in ${key}=101 or ${key}=101:5000; repeat the key for more products`;
  if (faults.overchargedProducts.some((entry) => entry.productId === id)) return `${key} names product ${id} more than once`;
  faults.overchargedProducts = [...faults.overchargedProducts, { productId: id, extraAmount: extra }];
  return null;
};

const READERS: Record<string, Reader> = {
  latency: milliseconds('latencyMs'),
  catalog_latency: milliseconds('catalogLatencyMs'),
  error_rate: share('errorRate'),
  rate_limit_rate: share('rateLimitRate'),
  drop_after_create: share('dropAfterCreateRate'),
  fail_product: product('failProducts'),
  action_product: product('actionProducts'),
  undelivered_product: product('undeliveredProducts'),
  panel_order_after: seconds('panelOrderAfterSeconds'),
  drop_debit_product: product('droppedDebitProducts'),
  overcharge_product: overcharge,
  refund_delay: seconds('refundDelaySeconds'),
};
const REPEATABLE = new Set(['fail_product', 'action_product', 'undelivered_product', 'drop_debit_product', 'overcharge_product']);

/**
 * Reads SANDBOX_FAULTS. Empty means no fault. Throws SandboxFaultsError
 * listing every problem at once; values are quoted only as keys, never echoed.
 */
export function parseSandboxFaults(text: string | undefined): SandboxFaults {
  const faults: SandboxFaults = {
    ...NO_SANDBOX_FAULTS,
    failProducts: [],
    actionProducts: [],
    undeliveredProducts: [],
    droppedDebitProducts: [],
    overchargedProducts: [],
  };
  const problems: string[] = [];
  const seen = new Set<string>();
  const parts = (text ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  for (const part of parts) {
    const equals = part.indexOf('=');
    const key = (equals < 0 ? part : part.slice(0, equals)).trim().toLowerCase();
    const value = equals < 0 ? '' : part.slice(equals + 1).trim();
    const read = READERS[key];
    if (!read) {
      problems.push(`"${key}" is not a fault; use ${Object.keys(READERS).join(', ')}`);
      continue;
    }
    if (equals < 0 || value === '') {
      problems.push(`${key} needs a value, as in ${key}=…`);
      continue;
    }
    if (seen.has(key) && !REPEATABLE.has(key)) {
      problems.push(`${key} is given more than once`);
      continue;
    }
    seen.add(key);
    const problem = read(faults, value, key);
    if (problem) problems.push(problem);
  }
  const both = faults.failProducts.filter((id) => faults.actionProducts.includes(id));
  if (both.length > 0) problems.push(`product ${both.join(', ')} cannot both fail and need action`);
  if (problems.length > 0) throw new SandboxFaultsError(problems.join('; '));
  return faults;
}

export function hasSandboxFaults(faults: SandboxFaults): boolean {
  return (
    faults.latencyMs > 0 ||
    faults.catalogLatencyMs > 0 ||
    faults.errorRate > 0 ||
    faults.rateLimitRate > 0 ||
    faults.dropAfterCreateRate > 0 ||
    faults.failProducts.length > 0 ||
    faults.actionProducts.length > 0 ||
    faults.undeliveredProducts.length > 0 ||
    faults.panelOrderAfterSeconds !== null ||
    faults.droppedDebitProducts.length > 0 ||
    faults.overchargedProducts.length > 0 ||
    faults.refundDelaySeconds > 0
  );
}

import { z } from 'zod';
import { systemClock, type Clock } from '../clock.js';
import { silentLogger, type Logger } from '../logger.js';
import {
  ProviderOrderMismatchError,
  ProviderPausedError,
  ProviderRateLimitedError,
  type ProviderError,
} from './errors.js';
import { createTransport, type Exchange, type TransportResult } from './http.js';
import { compileFieldPattern } from './field-pattern.js';
import { followPages } from './pages.js';
import { assertSameOrder, identityOf, type OrderIdentity } from './order-identity.js';
import { acquireToSend, createRateLimiter, INTERACTIVE_MAX_WAIT_MS, RateLimitHoldError, type RateLimiter, type RequestPriority } from './rate-limit.js';
import {
  isSuccessStatus,
  networkError,
  readEnvelope,
  statusError,
  type CallContext,
  type Envelope,
} from './response.js';
import { orderResult } from './order-outcome.js';
import { planRetry } from './retry.js';
import {
  balanceSchema,
  CONTRACT_LIMITS,
  categorySchema,
  orderDetailSchema,
  orderListEntrySchema,
  placeOrderBodySchema,
  productDetailSchema,
  productSummarySchema,
  transactionSchema,
  type Balance,
  type Category,
  type OrderDetail,
  type OrderListEntry,
  type Page,
  type PlacedOrder,
  type PlaceOrderBody,
  type ProductDetail,
  type ProductSummary,
  type Transaction,
} from './schemas.js';

export interface ProviderClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Passed to ofetch.create. */
  fetch?: typeof globalThis.fetch;
  /** Per attempt of a read. */
  timeoutMs?: number;
  placeOrderTimeoutMs?: number;
  /** Attempts per read; 1 means no retry. Orders are never retried. */
  maxAttempts?: number;
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
  /** Used only when no `limiter` is given. */
  requestsPerSecond?: number;
  /** Share one budget between several clients or loops. */
  limiter?: RateLimiter;
  /** Upper bound for allProducts; a provider that never ends its catalog is an error. */
  maxPages?: number;
  clock?: Clock;
  random?: () => number;
  logger?: Logger;
  /** Told of every request once it is over, for metrics; never changes what the client does. */
  onExchange?: (exchange: Exchange) => void;
  /** Told when a Retry-After beyond MAX_RETRY_AFTER_MS was clamped, so that administrators can hear of it. */
  onRetryAfterClamped?: (report: ClampedRetryAfter) => void;
}

export interface ClampedRetryAfter {
  method: string;
  path: string;
  requestedMs: number;
  appliedMs: number;
}

export interface CallOptions {
  /** Defaults to 'interactive'. */
  priority?: RequestPriority;
  /** A background read that goes before the other background requests waiting here (QueuePlace in rate-limit.ts). */
  ahead?: boolean;
  signal?: AbortSignal;
}

export interface PlaceOrderOptions extends CallOptions {
  /**
   * Runs once the shared budget has let the POST through, just before it
   * leaves: the last moment to decide against sending. Whatever it throws is
   * thrown by placeOrder, and nothing is sent. May read the database first.
   */
  beforeSend?: () => void | Promise<void>;
}

export interface OrderCallOptions extends CallOptions {
  /**
   * The other half of the order's identity, when the caller knows it: the
   * answer must carry it too (the half asked for is always checked).
   */
  known?: Partial<OrderIdentity>;
}

export interface PageQuery {
  page: number;
  pageSize: number;
}

export interface ProviderClient {
  listCategories(o?: CallOptions): Promise<Category[]>;
  listProducts(q: PageQuery, o?: CallOptions): Promise<Page<ProductSummary>>;
  /** Follows pages until a short or empty page. */
  allProducts(q?: { pageSize?: number }, o?: CallOptions): AsyncIterable<ProductSummary>;
  getProduct(id: number, o?: CallOptions): Promise<ProductDetail>;
  /** Exactly one POST, never retried; see OrderOutcomeUnknownError. */
  placeOrder(body: PlaceOrderBody, o?: PlaceOrderOptions): Promise<PlacedOrder>;
  /** Throws ProviderOrderMismatchError when the provider answers with another order. */
  getOrder(idOrReference: number | string, o?: OrderCallOptions): Promise<OrderDetail>;
  listOrders(q: PageQuery, o?: CallOptions): Promise<Page<OrderListEntry>>;
  getBalance(o?: CallOptions): Promise<Balance>;
  listTransactions(q: PageQuery, o?: CallOptions): Promise<Page<Transaction>>;
  getTransaction(id: number, o?: CallOptions): Promise<Transaction>;
}

// Timers may fire a millisecond early and the provider counts from its own clock: never arrive on the dot.
const RETRY_AFTER_MARGIN_MS = 20;
const DEFAULT_CATALOG_PAGE_SIZE = CONTRACT_LIMITS.maxPageSize;

export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger;
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const placeOrderTimeoutMs = options.placeOrderTimeoutMs ?? 30_000;
  const maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? 4));
  const baseMs = options.retryBaseDelayMs ?? 300;
  const capMs = options.retryMaxDelayMs ?? 10_000;
  const maxPages = options.maxPages ?? 1_000;
  const limiter =
    options.limiter ?? createRateLimiter({ requestsPerSecond: options.requestsPerSecond ?? 8, clock });
  const transport = createTransport({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    clock,
    logger,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.onExchange ? { onExchange: options.onExchange } : {}),
  });
  const host = hostOf(options.baseUrl);
  const apiKey = options.apiKey;
  const redact = (text: string): string => (apiKey ? text.split(apiKey).join('[redacted]') : text);

  const reportedPatterns = new Set<string>();
  /** Once per pattern: a field pattern RE2 cannot run is not enforced on our side. */
  function reportRefusedPatterns(product: ProductDetail): void {
    for (const field of product.requiredFields) {
      const compiled = compileFieldPattern(field.pattern);
      if (compiled.kind !== 'refused' || field.pattern === null || reportedPatterns.has(field.pattern)) continue;
      reportedPatterns.add(field.pattern);
      logger.warn(
        { productId: product.id, fieldId: field.fieldId, pattern: field.pattern.slice(0, 200), why: compiled.why },
        'provider field pattern not enforced here; the provider still checks the value',
      );
    }
  }

  function context(method: string, path: string, timeout: number, result: TransportResult): CallContext {
    return { method, path, timeoutMs: timeout, nowMs: clock.now(), host, elapsedMs: result.elapsedMs, redact };
  }

  function pauseFor(error: ProviderError): void {
    if (!(error instanceof ProviderRateLimitedError)) return;
    // Every call, interactive or not, waits until the provider's Retry-After has passed.
    limiter.pauseUntil(clock.now() + error.retryAfterMs + RETRY_AFTER_MARGIN_MS);
    logger.warn({ method: error.method, path: error.path, retryAfterMs: error.retryAfterMs }, 'provider rate limit');
    if (error.requestedRetryAfterMs > error.retryAfterMs) {
      const report = { method: error.method, path: error.path, requestedMs: error.requestedRetryAfterMs, appliedMs: error.retryAfterMs };
      logger.warn(report, 'provider Retry-After clamped');
      options.onRetryAfterClamped?.(report);
    }
  }

  /**
   * Waits for the shared budget. A person does not wait in silence behind a
   * long pause: their request fails at once with the time it would go out.
   */
  async function admit(priority: RequestPriority, o: CallOptions | undefined, method: string, path: string, beforeSend?: () => void | Promise<void>): Promise<void> {
    const paused = (resumeAt: number, now: number) =>
      new ProviderPausedError({
        message: `${method} ${path}: not sent, the provider asked us to wait ${Math.ceil((resumeAt - now) / 1000)} s more`,
        method,
        path,
        resumeAt,
        nowMs: now,
      });
    const now = clock.now();
    const resumeAt = limiter.pausedUntil();
    if (priority === 'interactive' && resumeAt - now > INTERACTIVE_MAX_WAIT_MS) throw paused(resumeAt, now);
    try {
      // The request leaves right after this: nothing but this function's return stands between.
      await acquireToSend(limiter, { clock, priority, ...(o?.signal ? { signal: o.signal } : {}), ...(o?.ahead ? { ahead: true } : {}), ...(beforeSend ? { beforeSend } : {}),
        onTooOld: (lateMs) => logger.debug({ method, path, lateMs }, 'provider grant too old to use; taking another') });
    } catch (error) {
      // Another instance's 429, learned while waiting for the shared budget.
      if (error instanceof RateLimitHoldError) throw paused(error.resumeAt, clock.now());
      throw error;
    }
  }

  async function read<T>(
    path: string,
    schema: z.ZodType<T>,
    o: CallOptions | undefined,
    query?: Record<string, number>,
  ): Promise<Envelope<T>> {
    const priority = o?.priority ?? 'interactive';
    for (let attempt = 1; ; attempt += 1) {
      await admit(priority, o, 'GET', path);
      const result = await transport.send({
        method: 'GET',
        path,
        ...(query ? { query } : {}),
        timeoutMs,
        ...(o?.signal ? { signal: o.signal } : {}),
        attempt,
      });
      const ctx = context('GET', path, timeoutMs, result);
      let error: ProviderError;
      if (result.kind === 'failure') {
        if (result.failure === 'aborted') throw o?.signal?.reason;
        error = networkError(result, ctx);
      } else if (isSuccessStatus(result.status)) {
        return readEnvelope(result, schema, ctx);
      } else {
        error = statusError(result, ctx);
        pauseFor(error);
      }
      const plan = planRetry({ error, attempt, maxAttempts, baseMs, capMs, random });
      if (!plan.retry) throw error;
      logger.debug({ method: 'GET', path, status: error.status, attempt, delayMs: plan.delayMs }, 'provider retry');
      await clock.sleep(plan.delayMs, o?.signal);
    }
  }

  async function readPage<T>(path: string, item: z.ZodType<T>, q: PageQuery, o?: CallOptions): Promise<Page<T>> {
    checkPageQuery(q);
    const { data, meta } = await read(path, z.array(item), o, { page: q.page, pageSize: q.pageSize });
    const reported = meta?.pageSize ?? null;
    const pageSize = reported !== null && reported > 0 && reported < q.pageSize ? reported : q.pageSize;
    return { items: data, page: q.page, pageSize };
  }

  return {
    async listCategories(o) {
      return (await read('/products/categories', z.array(categorySchema), o)).data;
    },
    listProducts(q, o) {
      return readPage('/products', productSummarySchema, q, o);
    },
    allProducts(q, o) {
      const pageSize = q?.pageSize ?? DEFAULT_CATALOG_PAGE_SIZE;
      return followPages({
        fetchPage: (page) => readPage('/products', productSummarySchema, { page, pageSize }, o),
        identity: (product) => product.id,
        maxPages,
        method: 'GET',
        path: '/products',
      });
    },
    async getProduct(id, o) {
      const product = (await read(`/products/${idSegment(id)}`, productDetailSchema, o)).data;
      reportRefusedPatterns(product);
      return product;
    },
    async placeOrder(body, o) {
      const checked = placeOrderBodySchema.safeParse(body);
      if (!checked.success) throw new TypeError(`invalid order body: ${z.prettifyError(checked.error)}`);
      // beforeSend runs after the grant, before it is judged fresh: its own wait counts against the grant.
      await admit(o?.priority ?? 'interactive', o, 'POST', '/orders', o?.beforeSend);
      // Last point at which cancelling is still clean: after this the POST is on the wire.
      o?.signal?.throwIfAborted();
      const result = await transport.send({
        method: 'POST',
        path: '/orders',
        body: checked.data,
        timeoutMs: placeOrderTimeoutMs,
        ...(o?.signal ? { signal: o.signal } : {}),
        attempt: 1,
      });
      return orderResult(result, context('POST', '/orders', placeOrderTimeoutMs, result), pauseFor);
    },
    async getOrder(idOrReference, o) {
      const path = `/orders/${idSegment(idOrReference)}`;
      const detail = (await read(path, orderDetailSchema, o)).data;
      const asked = identityOf(idOrReference, o?.known);
      try {
        assertSameOrder(asked, detail, { method: 'GET', path });
      } catch (error) {
        if (error instanceof ProviderOrderMismatchError) {
          // Ids only: the detail itself carries codes.
          logger.error({ path, asked: error.asked, answered: error.answered }, 'provider answered the detail of another order');
        }
        throw error;
      }
      return detail;
    },
    listOrders(q, o) {
      return readPage('/orders', orderListEntrySchema, q, o);
    },
    async getBalance(o) {
      return (await read('/wallet/balance', balanceSchema, o)).data;
    },
    listTransactions(q, o) {
      return readPage('/wallet/transactions', transactionSchema, q, o);
    },
    async getTransaction(id, o) {
      return (await read(`/wallet/transactions/${idSegment(id)}`, transactionSchema, o)).data;
    },
  };
}

/** The host (and port) of the base URL; a URL never carries the key, which travels in a header. */
function hostOf(baseUrl: string): string | null {
  try {
    return new URL(baseUrl).host;
  } catch {
    return null;
  }
}

function idSegment(id: number | string): string {
  if (typeof id === 'number') {
    if (!Number.isSafeInteger(id)) throw new RangeError(`not an integer id: ${id}`);
    return String(id);
  }
  if (id.trim() === '') throw new RangeError('empty id');
  return encodeURIComponent(id.trim());
}

function checkPageQuery(q: PageQuery): void {
  if (!Number.isSafeInteger(q.page) || q.page < 1) throw new RangeError(`page must be an integer >= 1, got ${q.page}`);
  if (!Number.isSafeInteger(q.pageSize) || q.pageSize < 1) {
    throw new RangeError(`pageSize must be an integer >= 1, got ${q.pageSize}`);
  }
}

/**
 * One error class per failure cause of a provider call, all built from plain
 * strings and numbers. They never hold the request options, headers or the
 * transport's own error objects: those carry the API key.
 */

interface ProviderErrorInit {
  message: string;
  method: string;
  /** Path below the base URL, without the query string. */
  path: string;
  status?: number | null;
  /** The provider's own (usually Persian) message from the error envelope. */
  providerMessage?: string | null;
  /** Host of the provider's base URL (never the key or the query): where the request went. */
  host?: string | null;
  /** From sending the request to its answer or failure; null when nothing was sent. */
  elapsedMs?: number | null;
}

export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly status: number | null;
  readonly providerMessage: string | null;
  readonly method: string;
  readonly path: string;
  readonly host: string | null;
  readonly elapsedMs: number | null;

  constructor(init: ProviderErrorInit) {
    super(init.message);
    this.status = init.status ?? null;
    this.providerMessage = init.providerMessage ?? null;
    this.method = init.method;
    this.path = init.path;
    this.host = init.host ?? null;
    this.elapsedMs = init.elapsedMs ?? null;
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      providerMessage: this.providerMessage,
      method: this.method,
      path: this.path,
      host: this.host,
      elapsedMs: this.elapsedMs,
    };
  }
}

/** 401: the key is missing or invalid. */
export class ProviderAuthError extends ProviderError {
  override name = 'ProviderAuthError';
}

/** 403: the key is disabled or this server's IP is not on its allow-list. */
export class ProviderForbiddenError extends ProviderError {
  override name = 'ProviderForbiddenError';
}

/** 404: unknown product, order or transaction. */
export class ProviderNotFoundError extends ProviderError {
  override name = 'ProviderNotFoundError';
}

/** 409: the order conflicts with current stock or product state. */
export class ProviderConflictError extends ProviderError {
  override name = 'ProviderConflictError';
}

/** 422, 400 and any other 4xx: a definite refusal; nothing was done. */
export class ProviderRejectedError extends ProviderError {
  override name = 'ProviderRejectedError';
}

export class ProviderRateLimitedError extends ProviderError {
  override name = 'ProviderRateLimitedError';
  /** How long we wait, after clamping (see MAX_RETRY_AFTER_MS). */
  readonly retryAfterMs: number;
  /** What the provider asked for, before clamping. */
  readonly requestedRetryAfterMs: number;
  /** Epoch ms at which the provider lets us in again, when known. */
  readonly resumeAt: number | null;

  constructor(init: ProviderErrorInit & { retryAfterMs: number; requestedRetryAfterMs?: number; resumeAt?: number | null }) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
    this.requestedRetryAfterMs = init.requestedRetryAfterMs ?? init.retryAfterMs;
    this.resumeAt = init.resumeAt ?? null;
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      retryAfterMs: this.retryAfterMs,
      requestedRetryAfterMs: this.requestedRetryAfterMs,
      resumeAt: this.resumeAt,
    };
  }
}

/**
 * Not sent at all: an earlier 429 holds every request until `resumeAt`, and
 * a person is waiting for this one. Telling them now beats a silent wait.
 */
export class ProviderPausedError extends ProviderRateLimitedError {
  override name = 'ProviderPausedError';
  declare readonly resumeAt: number;

  constructor(init: Omit<ProviderErrorInit, 'status'> & { resumeAt: number; nowMs: number }) {
    const { resumeAt, nowMs, ...rest } = init;
    super({ ...rest, status: null, retryAfterMs: Math.max(0, resumeAt - nowMs), resumeAt });
  }
}

/** 5xx on a read (on an order POST a 5xx is an OrderOutcomeUnknownError). */
export class ProviderServerError extends ProviderError {
  override name = 'ProviderServerError';
}

/** No HTTP answer: connection failure, reset, or the timeout elapsed. */
export class ProviderNetworkError extends ProviderError {
  override name = 'ProviderNetworkError';
  readonly timedOut: boolean;
  /** System error code such as ECONNRESET, when the runtime gave one. */
  readonly code: string | null;

  constructor(init: ProviderErrorInit & { timedOut: boolean; code?: string | null }) {
    super(init);
    this.timedOut = init.timedOut;
    this.code = init.code ?? null;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), timedOut: this.timedOut, code: this.code };
  }
}

/** The answer was not JSON or did not have the shape the contract assumes. */
export class ProviderResponseError extends ProviderError {
  override name = 'ProviderResponseError';
  /** Path of the failing field, e.g. 'data.items[0].productId'; null when the body itself was unreadable. */
  readonly fieldPath: string | null;

  constructor(init: ProviderErrorInit & { fieldPath?: string | null }) {
    super(init);
    this.fieldPath = init.fieldPath ?? null;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), fieldPath: this.fieldPath };
  }
}

/**
 * The provider answered an order's detail with another order than the one
 * asked for. Nothing of it may be shown: it would hand one order's codes to
 * the person who placed another.
 */
export class ProviderOrderMismatchError extends ProviderResponseError {
  override name = 'ProviderOrderMismatchError';
  readonly asked: { orderId: number | null; orderReference: string | null };
  readonly answered: { orderId: number; orderReference: string };

  constructor(
    init: ProviderErrorInit & {
      fieldPath?: string | null;
      asked: { orderId: number | null; orderReference: string | null };
      answered: { orderId: number; orderReference: string };
    },
  ) {
    super(init);
    this.asked = init.asked;
    this.answered = init.answered;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), asked: this.asked, answered: this.answered };
  }
}

export type OrderOutcomeCause =
  | 'timeout'
  | 'network'
  | 'aborted'
  | 'server-error'
  | 'invalid-response';

/**
 * The order POST was sent but its result is not known: the order may or may
 * not exist and the wallet may or may not be debited. There is no idempotency
 * key, so it must never be sent again automatically; the order history tells.
 */
export class OrderOutcomeUnknownError extends ProviderError {
  override name = 'OrderOutcomeUnknownError';
  /** Which kind of failure left the outcome open. */
  override readonly cause: OrderOutcomeCause;
  /** System error code such as ECONNRESET when the connection failed after the POST left, else null. */
  readonly code: string | null;

  constructor(init: ProviderErrorInit & { cause: OrderOutcomeCause; code?: string | null }) {
    super(init);
    this.cause = init.cause;
    this.code = init.code ?? null;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), cause: this.cause, code: this.code };
  }
}

/** Every 4xx/5xx status as its error class; other statuses are unexpected answers. */
export function errorForStatus(
  status: number,
  init: Omit<ProviderErrorInit, 'status'> & { retryAfterMs: number; requestedRetryAfterMs?: number; resumeAt?: number | null },
): ProviderError {
  const { retryAfterMs, requestedRetryAfterMs, resumeAt, ...rest } = init;
  const base = { ...rest, status };
  if (status === 401) return new ProviderAuthError(base);
  if (status === 403) return new ProviderForbiddenError(base);
  if (status === 404) return new ProviderNotFoundError(base);
  if (status === 409) return new ProviderConflictError(base);
  if (status === 429) {
    return new ProviderRateLimitedError({ ...base, retryAfterMs, requestedRetryAfterMs: requestedRetryAfterMs ?? retryAfterMs, resumeAt: resumeAt ?? null });
  }
  if (status >= 400 && status < 500) return new ProviderRejectedError(base);
  if (status >= 500 && status < 600) return new ProviderServerError(base);
  return new ProviderResponseError(base);
}

/**
 * A provider failure with its cause, in one line an operator or an
 * administrator can act on: the error class, what happened (system error
 * code, HTTP status, timeout), where (method, path, host) and after how
 * long. Built only from the error's own fields, which never hold the key.
 */
export function describeProviderFailure(error: unknown): string {
  if (!(error instanceof ProviderError)) return error instanceof Error ? error.name : 'non-error thrown';
  const where = [error.host, error.elapsedMs === null ? null : `${error.elapsedMs} ms`].filter((part) => part !== null).join(', ');
  return `${error.name}: ${error.message}${where ? ` (${where})` : ''}`;
}

/** The same cause as separate log fields, so that logs can be searched by code, status or host. */
export function providerFailureFields(error: unknown): Record<string, string | number | boolean | null> {
  if (!(error instanceof ProviderError)) return { err: error instanceof Error ? error.name : 'non-error thrown' };
  return {
    err: error.name,
    method: error.method,
    path: error.path,
    host: error.host,
    status: error.status,
    code: error instanceof ProviderNetworkError || error instanceof OrderOutcomeUnknownError ? error.code : null,
    timedOut: error instanceof ProviderNetworkError ? error.timedOut : null,
    elapsedMs: error.elapsedMs,
  };
}

import type { DatabaseFileError } from '../db/database-file-error.js';
import {
  OrderOutcomeUnknownError,
  ProviderAuthError,
  ProviderConflictError,
  ProviderError,
  ProviderForbiddenError,
  ProviderNetworkError,
  ProviderNotFoundError,
  ProviderRateLimitedError,
  ProviderRejectedError,
} from '../provider/errors.js';

export type RejectReason =
  | 'insufficient-funds'
  | 'conflict'
  | 'invalid'
  | 'auth'
  | 'forbidden'
  | 'rate-limited'
  | 'not-found'
  | 'unreachable'
  /** Not sent: ordering is paused (the provider refused our key or IP, or an administrator paused it). */
  | 'paused'
  /** Not sent: the order would pass one of the person's spending limits (src/spending). */
  | 'over-limit'
  /** Not sent: counted again at the claim, the person's day now passes their approval threshold. */
  | 'needs-approval'
  /** Not sent: read again right before the POST, the person may no longer order (removed, or made a viewer). */
  | 'no-access'
  /** Not sent: an administrator hid a product of the order from staff (/catalog) since it was confirmed or approved. */
  | 'product-hidden'
  /** Not sent: another instance's POST for the same wallet outlasted its own timeout while this order waited for it. */
  | 'wallet-busy'
  | 'other';

/**
 * The order was not sent: before its POST, the database could not record it
 * (its file full, read-only or gone). Nothing was ordered and no money spent.
 */
export class OrderNotStoredError extends Error {
  override name = 'OrderNotStoredError';
  constructor(readonly file: DatabaseFileError) {
    super(`the order was not sent: ${file.message}`);
  }
}

type PlaceErrorVerdict =
  | {
      kind: 'rejected';
      reason: RejectReason;
      providerMessage: string | null;
      /** Short, safe text for the audit log: class name and status. */
      detail: string;
      /** A 422 may be a balance problem; the caller can check the balance to tell. */
      mayBeFunds: boolean;
    }
  | { kind: 'unknown'; detail: string };

/** Only errors that prove the provider refused the order count as rejections; everything else may have placed it. */
const DEFINITE: [new (...args: never[]) => ProviderError, RejectReason][] = [
  [ProviderAuthError, 'auth'],
  [ProviderForbiddenError, 'forbidden'],
  [ProviderNotFoundError, 'not-found'],
  [ProviderConflictError, 'conflict'],
  [ProviderRateLimitedError, 'rate-limited'],
  [ProviderRejectedError, 'invalid'],
  // From placeOrder only when the request provably never left (connection refused, no such host).
  [ProviderNetworkError, 'unreachable'],
];

/** We decided against sending at the last moment: a definite "not placed", nothing reached the provider. */
export class OrderNotSentError extends Error {
  override name = 'OrderNotSentError';
  constructor(
    readonly reason: RejectReason,
    readonly providerMessage: string | null,
    /** With 'product-hidden': the products hidden. */
    readonly hidden?: number[],
  ) {
    super(`order not sent: ${reason}`);
  }
}

function describe(error: unknown): string {
  // Where and after how long: an operator tells a slow provider from an unreachable one.
  const where = error instanceof ProviderError ? [error.host, error.elapsedMs === null ? null : `${error.elapsedMs} ms`].filter(Boolean).join(', ') : '';
  const suffix = where ? ` (${where})` : '';
  if (error instanceof OrderOutcomeUnknownError) return `${error.name} ${error.cause}${error.status === null ? '' : ` ${error.status}`}${error.code ? ` ${error.code}` : ''}${suffix}`;
  if (error instanceof ProviderNetworkError) return `${error.name}${error.code ? ` ${error.code}` : error.timedOut ? ' timeout' : ''}${suffix}`;
  if (error instanceof ProviderError) return `${error.name}${error.status === null ? '' : ` ${error.status}`}${suffix}`;
  if (error instanceof Error) return error.name;
  return 'non-error thrown';
}

export function classifyPlaceError(error: unknown): PlaceErrorVerdict {
  const detail = describe(error);
  if (error instanceof OrderOutcomeUnknownError) return { kind: 'unknown', detail };
  if (error instanceof OrderNotSentError) {
    return { kind: 'rejected', reason: error.reason, providerMessage: error.providerMessage, detail: error.message, mayBeFunds: false };
  }
  for (const [type, mapped] of DEFINITE) {
    if (error instanceof type) {
      // 400 and 422 are malformed or invalid orders; any other 4xx is a refusal we have no name for.
      const reason = mapped === 'invalid' && error.status !== 400 && error.status !== 422 ? 'other' : mapped;
      return {
        kind: 'rejected',
        reason,
        providerMessage: error.providerMessage,
        detail,
        mayBeFunds: reason === 'invalid' && error.status === 422,
      };
    }
  }
  return { kind: 'unknown', detail };
}

import {
  OrderOutcomeUnknownError,
  type OrderOutcomeCause,
  type ProviderError,
} from './errors.js';
import type { TransportResult } from './http.js';
import {
  describeFailure,
  isSuccessStatus,
  networkError,
  providerMessageOf,
  statusError,
  tryReadEnvelope,
  type Answer,
  type CallContext,
} from './response.js';
import { placedOrderSchema, type PlacedOrder } from './schemas.js';

function outcomeUnknown(cause: OrderOutcomeCause, why: string, ctx: CallContext, answer?: Answer, providerMessage?: string | null, code?: string | null) {
  return new OrderOutcomeUnknownError({
    message:
      `POST /orders: outcome unknown (${why}): the order may or may not exist and the wallet may or may not ` +
      'have been debited; read the order history before placing it again',
    method: ctx.method,
    path: ctx.path,
    host: ctx.host,
    elapsedMs: ctx.elapsedMs,
    status: answer?.status ?? null,
    providerMessage: providerMessage ?? null,
    cause,
    code: code ?? null,
  });
}

/**
 * What the answer to the one POST /orders says: the placed order, a definite
 * refusal (handed to `onRefused` first, which may pause the client), or
 * OrderOutcomeUnknownError whenever the order may exist without our knowing.
 */
export function orderResult(result: TransportResult, ctx: CallContext, onRefused: (error: ProviderError) => void): PlacedOrder {
  if (result.kind === 'failure') {
    // Nothing reached the provider: a definite failure, safe to report as such.
    if (result.notSent) throw networkError(result, ctx);
    const cause: OrderOutcomeCause = result.failure === 'network' ? 'network' : result.failure;
    throw outcomeUnknown(cause, describeFailure(result, ctx), ctx, undefined, null, result.code);
  }
  const { status } = result;
  if (isSuccessStatus(status)) {
    const reading = tryReadEnvelope(result, placedOrderSchema);
    if (reading.ok) return reading.envelope.data;
    const why = `provider answered ${status} but ${reading.problem}`;
    throw outcomeUnknown('invalid-response', why, ctx, result, providerMessageOf(result, ctx));
  }
  // 408: the provider gave up on the request, possibly after acting on it.
  if (status === 408) throw outcomeUnknown('timeout', 'provider answered 408', ctx, result);
  if (status >= 500) {
    const error = statusError(result, ctx);
    throw outcomeUnknown('server-error', `provider answered ${status}`, ctx, result, error.providerMessage);
  }
  if (status >= 400) {
    const error = statusError(result, ctx);
    onRefused(error);
    throw error;
  }
  throw outcomeUnknown('invalid-response', `provider answered ${status}`, ctx, result);
}

import type { z } from 'zod';
import {
  errorForStatus,
  ProviderNetworkError,
  ProviderResponseError,
  type ProviderError,
} from './errors.js';
import type { TransportResult } from './http.js';
import { boundedRetryAfterMs } from './retry-after.js';
import { envelopeMessage, envelopeSchema } from './schemas.js';

/** What every error needs to say where it came from, and how to keep the key out of it. */
export interface CallContext {
  method: string;
  path: string;
  timeoutMs: number;
  nowMs: number;
  /** Host of the base URL, for the error's cause. */
  host: string | null;
  /** How long the exchange took, when one happened. */
  elapsedMs: number | null;
  /** Removes the API key from provider text, in case a provider echoes it back. */
  redact(text: string): string;
}

type Failure = Extract<TransportResult, { kind: 'failure' }>;
export type Answer = Extract<TransportResult, { kind: 'response' }>;

export interface Envelope<T> {
  data: T;
  meta: { page: number | null; pageSize: number | null; total: number | null } | null;
}

const MAX_PROVIDER_MESSAGE = 500;

export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status < 300;
}

export function describeFailure(failure: Failure, ctx: CallContext): string {
  if (failure.failure === 'timeout') return `no answer within ${ctx.timeoutMs} ms`;
  if (failure.failure === 'aborted') return 'the request was cancelled';
  return `network error${failure.code ? ` ${failure.code}` : ''}`;
}

export function networkError(failure: Failure, ctx: CallContext): ProviderNetworkError {
  return new ProviderNetworkError({
    message: `${ctx.method} ${ctx.path}: ${describeFailure(failure, ctx)}`,
    method: ctx.method,
    path: ctx.path,
    host: ctx.host,
    elapsedMs: ctx.elapsedMs,
    timedOut: failure.failure === 'timeout',
    code: failure.code,
  });
}

export function providerMessageOf(answer: Answer, ctx: CallContext): string | null {
  if (answer.body.state !== 'json') return null;
  const message = envelopeMessage(answer.body.value);
  return message === null ? null : ctx.redact(message).slice(0, MAX_PROVIDER_MESSAGE);
}

/** The error for a non-2xx answer; the body may be an envelope, empty, or an HTML page. */
export function statusError(answer: Answer, ctx: CallContext): ProviderError {
  const providerMessage = providerMessageOf(answer, ctx);
  const detail = providerMessage ? `: ${providerMessage}` : answer.body.state === 'json' ? '' : ` (${bodyLabel(answer)})`;
  const retryAfter = boundedRetryAfterMs(answer.headers.get('retry-after'), ctx.nowMs);
  return errorForStatus(answer.status, {
    message: `${ctx.method} ${ctx.path}: provider answered ${answer.status}${detail}`,
    method: ctx.method,
    path: ctx.path,
    host: ctx.host,
    elapsedMs: ctx.elapsedMs,
    providerMessage,
    retryAfterMs: retryAfter.ms,
    requestedRetryAfterMs: retryAfter.requestedMs,
    resumeAt: ctx.nowMs + retryAfter.ms,
  });
}

type EnvelopeReading<T> =
  | { ok: true; envelope: Envelope<T> }
  | { ok: false; problem: string; fieldPath: string | null };

/** Reads `data` of a 2xx envelope with `schema`; any deviation is described and names the failing field. */
export function tryReadEnvelope<T>(answer: Answer, schema: z.ZodType<T>): EnvelopeReading<T> {
  if (answer.body.state !== 'json') return { ok: false, problem: bodyLabel(answer), fieldPath: null };
  const envelope = envelopeSchema.safeParse(answer.body.value);
  if (!envelope.success) return { ok: false, problem: 'the body is not an envelope object', fieldPath: null };
  if (envelope.data.data === undefined) return { ok: false, problem: 'data is missing', fieldPath: 'data' };

  const parsed = schema.safeParse(envelope.data.data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const fieldPath = formatPath(['data', ...(issue?.path ?? [])]);
    const missing = issue?.code === 'invalid_type' && /received undefined$/.test(issue.message);
    const problem = missing ? `${fieldPath} is missing` : `${fieldPath}: ${issue?.message ?? 'invalid'}`;
    return { ok: false, problem, fieldPath };
  }
  const meta = envelope.data.meta;
  return {
    ok: true,
    envelope: {
      data: parsed.data,
      meta: meta ? { page: meta.page, pageSize: meta.pageSize, total: meta.total } : null,
    },
  };
}

/** Like tryReadEnvelope, throwing a ProviderResponseError. */
export function readEnvelope<T>(answer: Answer, schema: z.ZodType<T>, ctx: CallContext): Envelope<T> {
  const reading = tryReadEnvelope(answer, schema);
  if (reading.ok) return reading.envelope;
  throw new ProviderResponseError({
    message: `${ctx.method} ${ctx.path}: unexpected response (${answer.status}): ${reading.problem}`,
    method: ctx.method,
    path: ctx.path,
    host: ctx.host,
    elapsedMs: ctx.elapsedMs,
    status: answer.status,
    providerMessage: providerMessageOf(answer, ctx),
    fieldPath: reading.fieldPath,
  });
}

/** ['data', 'items', 0, 'id'] -> 'data.items[0].id' */
function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

function bodyLabel(answer: Answer): string {
  if (answer.body.state === 'empty') return 'empty body';
  if (answer.body.state === 'too-large') return `body larger than ${answer.body.limitBytes} bytes, refused unread`;
  if (answer.body.state === 'not-json') {
    const type = answer.headers.get('content-type')?.slice(0, 80) ?? 'no content type';
    return `body is not JSON (${type})`;
  }
  return 'JSON body';
}

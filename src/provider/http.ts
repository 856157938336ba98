import { ofetch } from 'ofetch';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';

/**
 * One HTTP exchange with the provider and nothing more: no retries, no
 * parsing beyond "is the body JSON". Everything ofetch throws is turned into
 * plain data here, because its errors carry the request options and with
 * them the API key.
 */

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof globalThis.fetch;
  clock: Clock;
  logger: Logger;
}

export interface TransportRequest {
  method: 'GET' | 'POST';
  /** Below the base URL, already encoded, without a query string. */
  path: string;
  query?: Record<string, string | number>;
  body?: unknown;
  timeoutMs: number;
  signal?: AbortSignal;
  /** For the log line only. */
  attempt: number;
}

export type ResponseBody = { state: 'empty' } | { state: 'json'; value: unknown } | { state: 'not-json' };

export type FailureKind = 'timeout' | 'aborted' | 'network';

export type TransportResult =
  | { kind: 'response'; status: number; headers: Headers; body: ResponseBody }
  | {
      kind: 'failure';
      failure: FailureKind;
      /** System error code such as ECONNRESET, when one was given. */
      code: string | null;
      /** True when the request provably never reached the provider (nothing listened, no such host). */
      notSent: boolean;
    };

export interface Transport {
  send(request: TransportRequest): Promise<TransportResult>;
}

// Errors raised before a single byte of the request could leave this machine.
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

export function createTransport(options: TransportOptions): Transport {
  const { clock, logger } = options;
  const $fetch = ofetch.create(
    {
      baseURL: options.baseUrl,
      // Retries and timeouts are ours: ofetch's retry would resend POSTs and its timeout is dropped once a signal is passed.
      retry: 0,
      ignoreResponseError: true,
      responseType: 'text',
      // A redirect would carry X-API-KEY to wherever it points; we never follow one.
      redirect: 'manual',
      headers: { 'X-API-KEY': options.apiKey, Accept: 'application/json' },
    },
    options.fetch ? { fetch: options.fetch } : {},
  );

  return {
    async send(request) {
      const timeout = AbortSignal.timeout(request.timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      const started = clock.now();
      let result: TransportResult;
      try {
        const response = await $fetch.raw<string, 'text'>(request.path, {
          method: request.method,
          ...(request.query ? { query: request.query } : {}),
          ...(request.body === undefined ? {} : { body: request.body as Record<string, unknown> }),
          signal,
        });
        result = {
          kind: 'response',
          status: response.status,
          headers: response.headers,
          body: readBody(response._data),
        };
      } catch (error) {
        const failure: FailureKind = request.signal?.aborted ? 'aborted' : timeout.aborted ? 'timeout' : 'network';
        const code = failure === 'network' ? systemErrorCode(error) : null;
        result = { kind: 'failure', failure, code, notSent: code !== null && NOT_SENT_CODES.has(code) };
      }
      // Method, path, status, attempt and time only: headers hold the key and order bodies hold card codes.
      logger.debug(
        {
          method: request.method,
          path: request.path,
          status: result.kind === 'response' ? result.status : null,
          ...(result.kind === 'failure' ? { failure: result.failure, code: result.code } : {}),
          attempt: request.attempt,
          durationMs: clock.now() - started,
        },
        'provider request',
      );
      return result;
    },
  };
}

function readBody(data: unknown): ResponseBody {
  if (typeof data !== 'string') return { state: 'empty' };
  const text = data.replace(/^\uFEFF/, '').trim();
  if (text === '') return { state: 'empty' };
  try {
    return { state: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { state: 'not-json' };
  }
}

/**
 * The first system error code (ECONNRESET, UND_ERR_SOCKET...) along the
 * cause chain. Only `cause`, `code` and `errors` are read: the transport
 * error's other properties lead to the request options.
 */
function systemErrorCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current !== null && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(code)) return code;
    const nested = (current as { errors?: unknown }).errors;
    if (Array.isArray(nested) && nested.length > 0) {
      const inner = systemErrorCode(nested[0]);
      if (inner) return inner;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

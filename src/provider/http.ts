import { ofetch } from 'ofetch';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import { systemErrorCode } from './system-error-code.js';

/**
 * One HTTP exchange with the provider and nothing more: no retries, no
 * parsing beyond "is the body JSON". Everything ofetch throws is turned into
 * plain data here, because its errors carry the request options and with
 * them the API key.
 */

interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof globalThis.fetch;
  clock: Clock;
  logger: Logger;
  /** Told of every exchange once it is over (metrics); must not throw. */
  onExchange?: (exchange: Exchange) => void;
}

/** What is known of one request once it is over: no headers, no bodies. */
export interface Exchange {
  method: 'GET' | 'POST';
  path: string;
  /** HTTP status, or how the request failed without one. */
  outcome: number | FailureKind;
  elapsedMs: number;
}

interface TransportRequest {
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

export type ResponseBody =
  | { state: 'empty' }
  | { state: 'json'; value: unknown }
  | { state: 'not-json' }
  | { state: 'too-large'; limitBytes: number };

export type FailureKind = 'timeout' | 'aborted' | 'network';

export type TransportResult =
  | { kind: 'response'; status: number; headers: Headers; body: ResponseBody; elapsedMs: number }
  | {
      kind: 'failure';
      elapsedMs: number;
      failure: FailureKind;
      /** System error code such as ECONNRESET, when one was given. */
      code: string | null;
      /** True when the request provably never reached the provider (nothing listened, no such host). */
      notSent: boolean;
    };

interface Transport {
  send(request: TransportRequest): Promise<TransportResult>;
}

/**
 * The largest answer read. The biggest real one (a page of 50 orders or
 * products) is tens of KiB; anything near this is a fault or an attack, and
 * reading it whole would hold the memory and the event loop of every chat.
 */
export const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

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
      // The body is read here, up to MAX_RESPONSE_BYTES, rather than whole by ofetch.
      responseType: 'stream',
      // A redirect would carry X-API-KEY to wherever it points; we never follow one.
      redirect: 'manual',
      headers: { 'X-API-KEY': options.apiKey, Accept: 'application/json' },
    },
    options.fetch ? { fetch: options.fetch } : {},
  );

  return {
    async send(request) {
      const timeout = AbortSignal.timeout(request.timeoutMs);
      // Ends the connection of an answer refused for its size.
      const refused = new AbortController();
      const signal = AbortSignal.any([refused.signal, timeout, ...(request.signal ? [request.signal] : [])]);
      const started = clock.now();
      let result: TransportResult;
      try {
        const response = await $fetch.raw<ReadableStream<Uint8Array>, 'stream'>(request.path, {
          method: request.method,
          ...(request.query ? { query: request.query } : {}),
          ...(request.body === undefined ? {} : { body: request.body as Record<string, unknown> }),
          signal,
        });
        const text = await readLimited(response._data ?? null, response.headers.get('content-length'));
        if (text === null) refused.abort();
        result = {
          kind: 'response',
          status: response.status,
          headers: response.headers,
          body: text === null ? { state: 'too-large', limitBytes: MAX_RESPONSE_BYTES } : readBody(text),
          elapsedMs: clock.now() - started,
        };
      } catch (error) {
        const failure: FailureKind = request.signal?.aborted ? 'aborted' : timeout.aborted ? 'timeout' : 'network';
        const code = failure === 'network' ? systemErrorCode(error) : null;
        result = { kind: 'failure', failure, code, notSent: code !== null && NOT_SENT_CODES.has(code), elapsedMs: clock.now() - started };
      }
      // Method, path, status, attempt and time only: headers hold the key and order bodies hold card codes.
      logger.debug(
        {
          method: request.method,
          path: request.path,
          status: result.kind === 'response' ? result.status : null,
          ...(result.kind === 'failure' ? { failure: result.failure, code: result.code } : {}),
          attempt: request.attempt,
          durationMs: result.elapsedMs,
        },
        'provider request',
      );
      options.onExchange?.({
        method: request.method,
        path: request.path,
        outcome: result.kind === 'response' ? result.status : result.failure,
        elapsedMs: result.elapsedMs,
      });
      return result;
    },
  };
}

/**
 * The body as text, or null when it is larger than MAX_RESPONSE_BYTES: a
 * declared length says so before anything is read, and a body without one
 * (chunked) is cut off as soon as it passes the limit.
 */
async function readLimited(stream: ReadableStream<Uint8Array> | null, contentLength: string | null): Promise<string | null> {
  if (stream === null) return '';
  const declared = contentLength === null ? Number.NaN : Number(contentLength);
  if (declared > MAX_RESPONSE_BYTES) {
    await stream.cancel().catch(() => undefined);
    return null;
  }
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

function readBody(data: string): ResponseBody {
  const text = data.replace(/^\uFEFF/, '').trim();
  if (text === '') return { state: 'empty' };
  try {
    return { state: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { state: 'not-json' };
  }
}

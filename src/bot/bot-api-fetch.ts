import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import type { ApiClientOptions } from 'grammy';

/** What grammY hands its fetch: a POST with a JSON text or a multipart stream, and its own abort signal. */
interface BotApiRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | Readable | AsyncIterable<Uint8Array> | null;
  signal?: { aborted: boolean; addEventListener(type: 'abort', listener: () => void): void; removeEventListener(type: 'abort', listener: () => void): void } | null;
}

/** The answer as grammY reads it: only its JSON. */
interface BotApiResponse {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
  text(): Promise<string>;
}

function abortError(): Error {
  const error = new Error('The Bot API request was aborted');
  error.name = 'AbortError';
  return error;
}

/**
 * The HTTP client for the Bot API: Node's own http(s) request over a
 * keep-alive agent, in place of node-fetch, which grammY uses on Node by
 * default. grammY reads nothing of an answer but its JSON, and node-fetch
 * built a Request, Headers, a Body and a Response around each call, about
 * a tenth of the bot's CPU time for each step answered (profile in
 * docs/performance.md). grammY still times each call out and wraps every
 * failure in an HttpError whose message never names the URL (it holds the
 * token); errors here are the socket's own (ECONNREFUSED, say), which name
 * no URL either.
 */
export function createBotApiFetch(): NonNullable<ApiClientOptions['fetch']> {
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  const botApiFetch = (input: string | URL, init: BotApiRequest = {}): Promise<BotApiResponse> =>
    new Promise<BotApiResponse>((resolve, reject) => {
      const target = targetOf(input);
      const { signal } = init;
      if (signal?.aborted) return reject(abortError());
      const request = (target.secure ? httpsRequest : httpRequest)({
        ...target.at,
        method: init.method ?? 'GET',
        headers: init.headers ?? {},
        agent: target.secure ? agents.https : agents.http,
      });
      const onAbort = () => request.destroy(abortError());
      signal?.addEventListener('abort', onAbort);
      const settle = () => signal?.removeEventListener('abort', onAbort);
      request.once('error', (error) => {
        settle();
        reject(error);
      });
      request.once('response', (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('error', (error) => {
          settle();
          reject(error);
        });
        response.once('end', () => {
          settle();
          if (!response.complete) return reject(new Error('The Bot API answer ended before its last byte'));
          const text = Buffer.concat(chunks).toString('utf8');
          const status = response.statusCode ?? 0;
          resolve({ ok: status >= 200 && status < 300, status, text: async () => text, json: async () => JSON.parse(text) as unknown });
        });
      });
      const body = init.body;
      if (body === undefined || body === null) request.end();
      else if (typeof body === 'string' || body instanceof Uint8Array) request.end(body);
      else {
        // A file upload: grammY's multipart stream, sent as it is read.
        const stream = body instanceof Readable ? body : Readable.from(body);
        stream.once('error', (error) => request.destroy(error));
        stream.pipe(request);
      }
    });
  return botApiFetch as unknown as NonNullable<ApiClientOptions['fetch']>;
}

/** Where a request goes, as http.request takes it. */
interface Target {
  secure: boolean;
  at: { protocol: string; hostname: string; port: string; path: string; auth?: string };
}

/** grammY asks for a handful of addresses (one per method): each is parsed once, not at every call. */
const KEPT_TARGETS = 256;
const targets = new Map<string, Target>();

function targetOf(input: string | URL): Target {
  const key = typeof input === 'string' ? input : input.href;
  let target = targets.get(key);
  if (target === undefined) {
    const url = typeof input === 'string' ? new URL(input) : input;
    // An IPv6 host comes bracketed in a URL and bare in request options.
    target = { secure: url.protocol === 'https:', at: { protocol: url.protocol, hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: url.port, path: `${url.pathname}${url.search}`, ...(url.username ? { auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` } : {}) } };
    if (targets.size >= KEPT_TARGETS) targets.clear();
    targets.set(key, target);
  }
  return target;
}

/** One client for every Bot and Api of the process, so that they share their kept connections. */
export const botApiFetch = createBotApiFetch();

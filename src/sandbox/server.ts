import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from '../clock.js';
import { silentLogger, type Logger } from '../logger.js';
import { createControls, createFaultState, type SandboxControls } from './controls.js';
import { BAD_GATEWAY_HTML, MESSAGES, errorBody, withExtraFields } from './envelope.js';
import type { SandboxFaults } from './fault-settings.js';
import { createGate } from './gate.js';
import { DEFAULT_TIMING, type OrderTiming } from './progression.js';
import { PRICE_CONTROL_PATH, priceControl } from './price-control.js';
import { createRoutes, type RouteResponse } from './routes.js';
import { createCatalog } from './seed.js';
import { openSandboxStateFile, type SandboxStateFile } from './state-file.js';
import { createStore } from './store.js';
import { createTokenBuckets } from './token-bucket.js';
import type { Schedule } from './wallet-controls.js';

export type { OrderPostFault, SandboxControls } from './controls.js';
export type { SandboxOrder } from './types.js';
export { SANDBOX_PRODUCTS } from './seed.js';
export { SandboxStateError } from './state-file.js';

export interface SandboxOptions {
  /** Default: 'sbx_' + 24 random hex characters. */
  apiKey?: string;
  host?: string;
  port?: number;
  /** Drives order progression, rate limiting, timestamps and the recorded `at`. */
  clock?: Clock;
  /** Generated products on top of the fixed seed. */
  catalogSize?: number;
  initialBalance?: number;
  timing?: OrderTiming;
  rateLimit?: { perSecond: number; burst: number } | false;
  maxPageSize?: number;
  maxQuantity?: number;
  maxItemsPerOrder?: number;
  logger?: Logger;
  /** Source of randomness for the 5xx, 429 and dropped-answer rates. */
  random?: () => number;
  /** Faults switched on from the start (SANDBOX_FAULTS); SandboxFaultsError when one names a product not in the catalog. */
  faults?: SandboxFaults;
  /**
   * A file that keeps the wallet, the orders and the order-number sequence
   * across restarts (created when missing); without it the sandbox forgets
   * everything when it closes. SandboxStateError when the file cannot be used.
   */
  statePath?: string;
  /** Order ids up to this one are taken (the bot's database holds them): new orders are numbered above it. */
  orderIdsAbove?: number;
}

export interface RecordedRequest {
  method: string;
  /** Path below the base URL ('/orders'); the full path for requests outside it. */
  path: string;
  query: Record<string, string>;
  /** Status answered; 0 while unanswered or when the connection was dropped. */
  status: number;
  /** clock.now() when received. */
  at: number;
}

export interface Sandbox {
  baseUrl: string;
  apiKey: string;
  requests: RecordedRequest[];
  controls: SandboxControls;
  close(): Promise<void>;
}

const BASE_PATH = '/api/v1';
const MAX_BODY_BYTES = 1_000_000;

function readBody(req: IncomingMessage): Promise<{ text: string; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), tooLarge: size > MAX_BODY_BYTES }));
    req.on('error', reject);
  });
}

function underBasePath(pathname: string): boolean {
  return pathname === BASE_PATH || pathname.startsWith(`${BASE_PATH}/`);
}

export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const stateFile: SandboxStateFile | null = options.statePath === undefined ? null : openSandboxStateFile(options.statePath);
  try {
    return await startSandbox(options, stateFile);
  } catch (error) {
    stateFile?.close();
    throw error;
  }
}

async function startSandbox(options: SandboxOptions, stateFile: SandboxStateFile | null): Promise<Sandbox> {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger;
  const apiKey = options.apiKey ?? `sbx_${randomBytes(12).toString('hex')}`;
  const rateLimit = options.rateLimit ?? { perSecond: 10, burst: 10 };
  const state = createFaultState();
  const store = createStore({
    clock,
    catalog: createCatalog(options.catalogSize ?? 0),
    initialBalance: options.initialBalance ?? 50_000_000,
    timing: options.timing ?? DEFAULT_TIMING,
    ...(stateFile ? { saved: stateFile.saved, save: stateFile.save } : {}),
    ...(options.orderIdsAbove === undefined ? {} : { orderIdsAbove: options.orderIdsAbove }),
  });
  const route = createRoutes({
    store,
    faults: state,
    maxPageSize: options.maxPageSize ?? 50,
    maxQuantity: options.maxQuantity ?? 10,
    maxItemsPerOrder: options.maxItemsPerOrder ?? 5,
  });
  const random = options.random ?? Math.random;
  const gate = createGate({
    apiKey,
    state,
    clock,
    random,
    buckets: rateLimit === false ? null : createTokenBuckets({ ...rateLimit, clock }),
  });
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  // Real time on purpose: latency and delayed answers are about the wire, not the provider's clock.
  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  function send(res: ServerResponse, entry: RecordedRequest, answer: RouteResponse): void {
    if (res.destroyed || res.writableEnded) return;
    entry.status = answer.status;
    const json = JSON.stringify(state.extraFields ? withExtraFields(answer.body) : answer.body);
    res.writeHead(answer.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(json),
      ...answer.headers,
    });
    res.end(json);
    logger.debug({ method: entry.method, path: entry.path, status: answer.status }, 'sandbox request');
  }

  async function afterCreate(req: IncomingMessage, res: ServerResponse, entry: RecordedRequest, answer: RouteResponse) {
    const fault = state.orderPostFault;
    if (fault.kind === 'drop-after-create' || (state.dropAfterCreateRate > 0 && random() < state.dropAfterCreateRate)) {
      logger.debug({ path: entry.path }, 'sandbox dropped the connection after creating the order');
      req.socket.destroy();
      return;
    }
    if (fault.kind === 'server-error-after-create') {
      entry.status = 502;
      res.writeHead(502, { 'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(BAD_GATEWAY_HTML) });
      res.end(BAD_GATEWAY_HTML);
      return;
    }
    if (fault.kind === 'answer-after') await delay(fault.delayMs);
    send(res, entry, answer);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const receivedAt = clock.now();
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const entry: RecordedRequest = {
      method: req.method ?? 'GET',
      path: underBasePath(url.pathname) ? url.pathname.slice(BASE_PATH.length) || '/' : url.pathname,
      query: Object.fromEntries(url.searchParams),
      status: 0,
      at: receivedAt,
    };
    requests.push(entry);
    const body = await readBody(req);
    // The operator's control, not the provider's API: untouched by the key, the faults and the rate limit.
    if (url.pathname === PRICE_CONTROL_PATH && !body.tooLarge) {
      return send(res, entry, priceControl({ method: entry.method, remoteAddress: req.socket.remoteAddress, rawBody: body.text }, controls));
    }
    const catalogList = entry.method === 'GET' && (entry.path === '/products' || entry.path === '/products/categories');
    const latencyMs = state.latencyMs + (catalogList ? state.catalogLatencyMs : 0);
    if (latencyMs > 0) await delay(latencyMs);
    const header = req.headers['x-api-key'];
    const refusal = gate(Array.isArray(header) ? header[0] : header);
    if (refusal) return send(res, entry, refusal);
    if (!underBasePath(url.pathname)) return send(res, entry, { status: 404, body: errorBody(404, MESSAGES.notFound) });
    if (body.tooLarge) return send(res, entry, { status: 413, body: errorBody(413, MESSAGES.bodyTooLarge) });
    if (entry.method === 'POST' && entry.path === '/orders' && state.orderPostFault.kind === 'server-error-before-create') {
      entry.status = 502;
      res.writeHead(502, { 'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(BAD_GATEWAY_HTML) });
      res.end(BAD_GATEWAY_HTML);
      return;
    }
    const answer = route({ method: entry.method, path: entry.path, query: entry.query, rawBody: body.text });
    if (answer.orderCreated) return afterCreate(req, res, entry, answer);
    send(res, entry, answer);
  }

  // The provider's clock, unlike `delay`: what is scheduled happens at the provider, and a test's clock drives it.
  const closed = new AbortController();
  const schedule: Schedule = (afterMs, what, task) => {
    clock.sleep(afterMs, closed.signal).then(
      () => {
        try {
          logger.info({ result: task() }, `sandbox: ${what}`);
        } catch (error) {
          logger.warn({ err: error }, `sandbox: ${what} did not happen`);
        }
      },
      () => undefined, // closed first
    );
  };
  const controls = createControls(
    state,
    store,
    (body) => {
      const answer = route({ method: 'POST', path: '/orders', query: {}, rawBody: JSON.stringify(body) });
      return { status: answer.status, created: answer.orderCreated === true };
    },
    schedule,
  );
  // Before listening: the first request already meets them, and a wrong product id opens nothing.
  if (options.faults) controls.applyFaults(options.faults);

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      logger.error({ err: error }, 'sandbox handler failed');
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(errorBody(500, MESSAGES.serverError)));
      }
    });
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((error: unknown) => {
    // A sandbox that never opened leaves nothing scheduled behind (a panel order's wait would hold the process).
    closed.abort();
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  let closing: Promise<void> | null = null;
  return {
    baseUrl: `http://${urlHost}:${port}${BASE_PATH}`,
    apiKey,
    requests,
    controls,
    close() {
      closing ??= new Promise<void>((resolve) => {
        closed.abort();
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => {
          // After the last request: nothing writes to the file any more.
          stateFile?.close();
          resolve();
        });
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

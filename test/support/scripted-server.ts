import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny HTTP server that answers each request from a script, by request
 * index, and records what it received. For provider behaviours the sandbox
 * does not reproduce: odd shapes, HTML error pages, dropped connections.
 */

export interface ScriptedAnswer {
  /** Default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is (text/html unless a content-type is given); anything else as JSON. Omitted: empty body. */
  body?: unknown;
  /** Real milliseconds to wait before answering. */
  delayMs?: number;
  /** Destroys the connection instead of answering. */
  destroy?: boolean;
  /**
   * A body of `totalBytes` written in 64 KiB chunks as the client reads them
   * (never held whole), with or without a Content-Length (chunked).
   */
  stream?: { totalBytes: number; declareLength: boolean };
}

export interface ScriptedRequest {
  method: string;
  /** Below the base path ('/products'). */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: string;
  /** Date.now() when received. */
  at: number;
}

/** An array is played in order and its last entry repeats; a function gets the 0-based request index. */
export type Script = ScriptedAnswer[] | ((request: ScriptedRequest, index: number) => ScriptedAnswer);

export interface ScriptedServer {
  /** 'http://127.0.0.1:<port>/api/v1' */
  baseUrl: string;
  requests: ScriptedRequest[];
  /** Bytes of streamed bodies written so far (see ScriptedAnswer.stream). */
  streamedBytes(): number;
  close(): Promise<void>;
}

const BASE_PATH = '/api/v1';

/** The provider's success envelope around `data`. */
export function envelope(data: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { status: 'success', code: 200, message: 'عملیات با موفقیت انجام شد', data, ...extra };
}

/** The provider's (assumed) error envelope. */
export function errorEnvelope(code: number, message: string): Record<string, unknown> {
  return { status: 'error', code, message, data: null };
}

export async function createScriptedServer(script: Script): Promise<ScriptedServer> {
  const requests: ScriptedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  function pick(request: ScriptedRequest, index: number): ScriptedAnswer {
    if (typeof script === 'function') return script(request, index);
    const answer = script[Math.min(index, script.length - 1)];
    if (!answer) throw new Error('empty script');
    return answer;
  }

  let streamed = 0;
  function stream(res: ServerResponse, scripted: ScriptedAnswer, spec: { totalBytes: number; declareLength: boolean }): void {
    const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8', ...scripted.headers };
    if (spec.declareLength) headers['Content-Length'] = String(spec.totalBytes);
    res.writeHead(scripted.status ?? 200, headers);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let left = spec.totalBytes;
    const pump = (): void => {
      while (left > 0 && !res.destroyed) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= part.length;
        streamed += part.length;
        if (left === 0) {
          res.end(part);
          return;
        }
        if (!res.write(part)) {
          res.once('drain', pump);
          return;
        }
      }
    };
    res.on('error', () => undefined);
    pump();
  }

  function answer(res: ServerResponse, scripted: ScriptedAnswer): void {
    if (scripted.destroy) {
      res.socket?.destroy();
      return;
    }
    if (scripted.stream) {
      stream(res, scripted, scripted.stream);
      return;
    }
    const headers: Record<string, string> = { ...scripted.headers };
    const hasType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
    let payload = '';
    if (typeof scripted.body === 'string') {
      payload = scripted.body;
      if (!hasType) headers['Content-Type'] = 'text/html; charset=utf-8';
    } else if (scripted.body !== undefined) {
      payload = JSON.stringify(scripted.body);
      if (!hasType) headers['Content-Type'] = 'application/json; charset=utf-8';
    }
    headers['Content-Length'] = String(Buffer.byteLength(payload));
    res.writeHead(scripted.status ?? 200, headers);
    res.end(payload);
  }

  const server = createServer((req, res) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    const url = new URL(req.url ?? '/', 'http://scripted.invalid');
    // Counted on arrival: a client that gives up before its body is read has still sent the request.
    const request: ScriptedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname.startsWith(BASE_PATH) ? url.pathname.slice(BASE_PATH.length) || '/' : url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body: '',
      at,
    };
    const index = requests.length;
    requests.push(request);
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      request.body = Buffer.concat(chunks).toString('utf8');
      const scripted = pick(request, index);
      if (!scripted.delayMs) {
        answer(res, scripted);
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) answer(res, scripted);
      }, scripted.delayMs);
      timers.add(timer);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | null = null;
  return {
    baseUrl: `http://127.0.0.1:${port}${BASE_PATH}`,
    requests,
    streamedBytes: () => streamed,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

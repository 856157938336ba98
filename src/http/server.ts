import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logger.js';
import type { Metrics } from './metrics.js';
import type { Health, Report } from './readiness.js';
import type { WebhookIntake } from './webhook-intake.js';

/**
 * giftdesk's one HTTP server: the webhook (webhook mode), /healthz, /readyz
 * and /metrics. node:http is enough for four routes. Nothing it answers
 * carries a secret, a token or a code: health reports are facts and counts,
 * metrics are counters with bounded labels.
 */
export interface HttpServer {
  /** http://host:port, for the log line and for tests. */
  url: string;
  close(): Promise<void>;
}

interface HttpServerDeps {
  host: string;
  port: number;
  health: Health;
  metrics: Metrics;
  /** Webhook mode: the path of WEBHOOK_URL and the intake behind it. */
  webhook?: { path: string; intake: WebhookIntake };
  logger: Logger;
}

export async function startHttpServer(deps: HttpServerDeps): Promise<HttpServer> {
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const report = (res: ServerResponse, result: Report) => json(res, result.ok ? 200 : 503, { status: result.ok ? 'ok' : 'failing', ...result });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (deps.webhook && path === deps.webhook.path) return deps.webhook.intake.accept(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, { error: 'method not allowed' });
    if (path === '/healthz') return report(res, await deps.health.healthz());
    if (path === '/readyz') return report(res, await deps.health.readyz());
    if (path === '/metrics') {
      const text = await deps.metrics.registry.metrics();
      res.writeHead(200, { 'content-type': deps.metrics.registry.contentType });
      res.end(text);
      return;
    }
    json(res, 404, { error: 'not found' });
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      deps.logger.error({ path: req.url?.split('?')[0] ?? null, err: error instanceof Error ? error.name : String(error) }, 'HTTP request failed');
      if (!res.headersSent) json(res, 500, { error: 'internal error' });
      else res.destroy();
    });
  });
  // Telegram and scrapers keep connections open; a stuck client must not hold a socket forever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(deps.port, deps.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Whatever is still open after the intake drained is an idle keep-alive or a stuck client.
        setTimeout(() => server.closeAllConnections(), 1_000).unref();
      });
      return closing;
    },
  };
}

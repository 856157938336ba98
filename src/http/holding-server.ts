import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Update } from 'grammy/types';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import { readWebhookUpdate, webhookSecretCheck } from './webhook-intake.js';

/**
 * The HTTP server of an instance waiting for its database (run-app.ts), on
 * the port the application's own server had, until the application is
 * built again:
 * - /healthz answers 200: the process is alive and recovers by itself when
 *   the database answers; restarting it would only delay that.
 * - /readyz answers 503 with how long the database has been away: nothing
 *   can be ordered here now.
 * - /metrics answers 503: the figures belong to the application, which is
 *   not running.
 * - the webhook (webhook mode) takes Telegram's posts with the right secret
 *   and hands each update to `onUpdate`, which answers the person that
 *   nothing was ordered. They are answered 200 and not kept: acting on a
 *   Confirm minutes later, after the person was told nothing was ordered,
 *   would be the wrong surprise. A person presses or writes again once
 *   giftdesk is back.
 */
export interface HoldingServer {
  close(): Promise<void>;
}

export async function startHoldingServer(deps: {
  host: string;
  port: number;
  webhook?: { path: string; secret: string };
  /** When the database was lost. */
  lostAt: number;
  onUpdate: (update: Update) => void;
  clock: Clock;
  logger: Logger;
}): Promise<HoldingServer> {
  const secretMatches = deps.webhook ? webhookSecretCheck(deps.webhook.secret) : null;
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const database = () => ({ ok: false, reachable: false, awaySeconds: Math.round((deps.clock.now() - deps.lostAt) / 1000) });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (deps.webhook && secretMatches && path === deps.webhook.path) {
      if (req.method !== 'POST') return json(res, 405, { error: 'method not allowed' });
      if (!secretMatches(req)) {
        req.resume();
        return json(res, 401, { error: 'unauthorized' });
      }
      let update: Update;
      try {
        update = await readWebhookUpdate(req);
      } catch {
        return json(res, 400, { error: 'bad request' });
      }
      deps.onUpdate(update);
      return json(res, 200, {});
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, { error: 'method not allowed' });
    if (path === '/healthz') return json(res, 200, { status: 'ok', ok: true, checks: { process: { ok: true }, database: database() } });
    if (path === '/readyz') return json(res, 503, { status: 'failing', ok: false, checks: { database: database() } });
    if (path === '/metrics') return json(res, 503, { error: 'waiting for the database' });
    json(res, 404, { error: 'not found' });
  }

  const server = createServer((req, res) => {
    route(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { error: 'internal error' });
      else res.destroy();
    });
  });
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(deps.port, deps.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  deps.logger.info({ port: deps.port }, 'HTTP server answering while the database is away');
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

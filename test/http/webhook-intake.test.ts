import type { Update } from 'grammy/types';
import { createSqliteOrderStore } from '../../src/orders/order-repo.js';
import { createSqliteHealthStore } from '../../src/db/health-store.js';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { createMetrics } from '../../src/http/metrics.js';
import { createHealth } from '../../src/http/readiness.js';
import { startHttpServer, type HttpServer } from '../../src/http/server.js';
import { createWebhookIntake, type WebhookIntake } from '../../src/http/webhook-intake.js';
import { silentLogger } from '../../src/logger.js';
import { memoryDb } from '../support/memory-db.js';

const SECRET = 'intake_secret_0123456789';
const PATH = '/hook';

const update = (id: number): Update => ({
  update_id: id,
  message: { message_id: id, date: 0, chat: { id: 7, type: 'private', first_name: 'T' }, from: { id: 7, is_bot: false, first_name: 'T' }, text: `m${id}` },
});

describe('the webhook intake', () => {
  const servers: HttpServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  /** An intake behind the real HTTP server; each handler waits until the test releases it. */
  async function intakeWorld() {
    const handled: number[] = [];
    const gates = new Map<number, () => void>();
    const intake: WebhookIntake = createWebhookIntake({
      secret: SECRET,
      handle: (u) =>
        new Promise<void>((resolve) => {
          handled.push(u.update_id);
          gates.set(u.update_id, resolve);
        }),
      clock: systemClock,
      logger: silentLogger,
    });
    const db = memoryDb();
    const server = await startHttpServer({
      host: '127.0.0.1',
      port: 0,
      health: createHealth({
        store: createSqliteHealthStore({ db }),
        clock: systemClock,
        startedAt: 0,
        lastTelegramContact: () => null,
        lastSweepDone: () => null,
        orderingPaused: async () => null,
        providerPausedUntil: () => 0,
        interactiveMaxWaitMs: 8_000,
      }),
      metrics: createMetrics({ store: createSqliteHealthStore({ db }), defaultMetrics: false }),
      webhook: { path: PATH, intake },
      logger: silentLogger,
    });
    servers.push(server);
    const post = async (body: unknown, secret: string | null = SECRET) => {
      const response = await fetch(`${server.url}${PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return response.status;
    };
    return { intake, handled, release: (id: number) => gates.get(id)?.(), post };
  }

  it('answers 200 while the handler is still running', async () => {
    const { intake, handled, post } = await intakeWorld();
    expect(await post(update(1))).toBe(200);
    expect(handled).toEqual([1]);
    expect(intake.inFlight()).toBe(1);
  });

  it('refuses a wrong, a near or a missing secret with 401 and hands nothing on', async () => {
    const { handled, post } = await intakeWorld();
    expect(await post(update(1), 'wrong')).toBe(401);
    expect(await post(update(2), `${SECRET}x`)).toBe(401);
    expect(await post(update(3), SECRET.slice(0, -1))).toBe(401);
    expect(await post(update(4), null)).toBe(401);
    expect(handled).toEqual([]);
  });

  it('refuses a body that is not an update with 400', async () => {
    const { handled, post } = await intakeWorld();
    expect(await post('not json')).toBe(400);
    expect(await post({ message: {} })).toBe(400);
    expect(handled).toEqual([]);
  });

  it('takes an update posted again only once', async () => {
    const { handled, post } = await intakeWorld();
    expect(await post(update(5))).toBe(200);
    expect(await post(update(5))).toBe(200);
    expect(handled).toEqual([5]);
  });

  it('after close answers 503, so that Telegram keeps the update for the next start', async () => {
    const { intake, handled, post } = await intakeWorld();
    intake.close();
    expect(await post(update(6))).toBe(503);
    expect(handled).toEqual([]);
  });

  it('waits for running handlers when draining', async () => {
    const { intake, post, release } = await intakeWorld();
    await post(update(7));
    const drained = intake.drain(5_000);
    release(7);
    expect(await drained).toBe(0);
  });

  it('gives up on a handler that outlasts the drain bound and says how many', async () => {
    const { intake, post } = await intakeWorld();
    await post(update(8));
    expect(await intake.drain(50)).toBe(1);
  });
});

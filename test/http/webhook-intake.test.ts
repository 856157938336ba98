import type { Update } from 'grammy/types';
import { createHealthStore } from '../../src/db/health-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startUpdateWorker, type UpdateWorker } from '../../src/bot/update-worker.js';
import { systemClock } from '../../src/clock.js';
import { createUpdateQueueStore } from '../../src/db/update-queue-store.js';
import { createMetrics } from '../../src/http/metrics.js';
import { createHealth } from '../../src/http/readiness.js';
import { startHttpServer, type HttpServer } from '../../src/http/server.js';
import { createWebhookIntake, type WebhookIntake } from '../../src/http/webhook-intake.js';
import { createLogger, silentLogger, type Logger } from '../../src/logger.js';
import { memoryDb } from '../support/memory-db.js';

const SECRET = 'intake_secret_0123456789';
const PATH = '/hook';

const update = (id: number): Update => ({
  update_id: id,
  message: { message_id: id, date: 0, chat: { id: 7, type: 'private', first_name: 'T' }, from: { id: 7, is_bot: false, first_name: 'T' }, text: `m${id}` },
});

describe('the webhook intake', () => {
  const servers: HttpServer[] = [];
  const workers: UpdateWorker[] = [];
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop(0)));
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  /**
   * An intake behind the real HTTP server, storing into the update queue
   * whose worker hands updates on; each handler waits until the test releases it.
   */
  async function intakeWorld(options: { storeFails?: boolean; refusalDelayMs?: number; logger?: Logger } = {}) {
    const handled: number[] = [];
    const gates = new Map<number, () => void>();
    const db = memoryDb();
    const queue = createUpdateQueueStore({ database: databaseOf(db), clock: systemClock });
    const worker = startUpdateWorker({
      store: queue,
      holder: 'test',
      pollMs: 10,
      handle: (u) =>
        new Promise<void>((resolve) => {
          handled.push(u.update_id);
          gates.set(u.update_id, resolve);
        }),
      clock: systemClock,
      logger: silentLogger,
    });
    workers.push(worker);
    const metrics = createMetrics({ store: createHealthStore({ database: databaseOf(db) }), defaultMetrics: false });
    const intake: WebhookIntake = createWebhookIntake({
      secret: SECRET,
      enqueue: async (u) => {
        if (options.storeFails) throw new Error('the database is unreachable');
        const fresh = await queue.accept(u);
        if (fresh) worker.wake();
        return fresh;
      },
      onRefused: () => metrics.webhookRefused(),
      refusalDelayMs: options.refusalDelayMs ?? 0,
      clock: systemClock,
      logger: options.logger ?? silentLogger,
    });
    const server = await startHttpServer({
      host: '127.0.0.1',
      port: 0,
      health: createHealth({
        store: createHealthStore({ database: databaseOf(db) }),
        clock: systemClock,
        startedAt: 0,
        lastTelegramContact: () => null,
        lastSweepDone: () => null,
        orderingPaused: async () => null,
        providerPausedUntil: () => 0,
        interactiveMaxWaitMs: 8_000,
      }),
      metrics,
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
    /** Waits until the handlers have been handed `count` updates in all. */
    const handedOn = async (count: number) => {
      const deadline = Date.now() + 5_000;
      while (handled.length < count && Date.now() < deadline) await systemClock.sleep(5);
      return [...handled];
    };
    const refusedMetric = async () => {
      const text = await (await fetch(`${server.url}/metrics`)).text();
      return Number(/^giftdesk_webhook_refused_total (\d+)$/m.exec(text)?.[1] ?? NaN);
    };
    return { intake, worker, queue, handled, handedOn, release: (id: number) => gates.get(id)?.(), post, refusedMetric };
  }

  it('answers 200 once the update is stored, while its handler is still running', async () => {
    const { worker, queue, handedOn, post } = await intakeWorld();
    expect(await post(update(1))).toBe(200);
    expect(await handedOn(1)).toEqual([1]);
    expect(worker.inFlight()).toBe(1);
    expect(await queue.pending()).toBe(1);
  });

  it("hands one chat's updates on one at a time, in order", async () => {
    const { handedOn, release, post } = await intakeWorld();
    for (const id of [1, 2, 3]) expect(await post(update(id))).toBe(200);
    expect(await handedOn(1)).toEqual([1]);
    await systemClock.sleep(50);
    expect(await handedOn(1)).toEqual([1]);
    release(1);
    expect(await handedOn(2)).toEqual([1, 2]);
    release(2);
    expect(await handedOn(3)).toEqual([1, 2, 3]);
  });

  it('answers 500 when the update cannot be stored, so that Telegram posts it again', async () => {
    const { handled, post } = await intakeWorld({ storeFails: true });
    expect(await post(update(1))).toBe(500);
    await systemClock.sleep(50);
    expect(handled).toEqual([]);
  });

  it('refuses a wrong, a near or a missing secret with 401 and hands nothing on', async () => {
    const { handled, post } = await intakeWorld();
    expect(await post(update(1), 'wrong')).toBe(401);
    expect(await post(update(2), `${SECRET}x`)).toBe(401);
    expect(await post(update(3), SECRET.slice(0, -1))).toBe(401);
    expect(await post(update(4), null)).toBe(401);
    expect(handled).toEqual([]);
  });

  it('answers a refused post only after the delay, a right one at once, and counts the refusals in /metrics', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'debug', destination: { write: (line: string) => void lines.push(line) } });
    const guess = 'guessed_secret_value_0123456789abcdef';
    const { post, refusedMetric, handedOn } = await intakeWorld({ refusalDelayMs: 300, logger });
    let started = performance.now();
    expect(await post(update(1), guess)).toBe(401);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(await post(update(2), null)).toBe(401);
    started = performance.now();
    expect(await post(update(3))).toBe(200);
    expect(performance.now() - started).toBeLessThan(250);
    expect(await handedOn(1)).toEqual([3]);
    expect(await refusedMetric()).toBe(2);
    // One summary line (the first refusal), not one per attempt, and never the guess.
    const refusals = lines.filter((line) => line.includes('webhook requests refused'));
    expect(refusals).toHaveLength(1);
    expect(lines.join('')).not.toContain(guess);
  });

  it('refuses a body that is not an update with 400', async () => {
    const { handled, post } = await intakeWorld();
    expect(await post('not json')).toBe(400);
    expect(await post({ message: {} })).toBe(400);
    expect(handled).toEqual([]);
  });

  it('takes an update posted again only once', async () => {
    const { handled, handedOn, release, post } = await intakeWorld();
    expect(await post(update(5))).toBe(200);
    expect(await post(update(5))).toBe(200);
    expect(await handedOn(1)).toEqual([5]);
    release(5);
    expect(await post(update(5))).toBe(200);
    await systemClock.sleep(50);
    expect(handled).toEqual([5]);
  });

  it('after close answers 503, so that Telegram keeps the update for the next start', async () => {
    const { intake, handled, post } = await intakeWorld();
    intake.close();
    expect(await post(update(6))).toBe(503);
    expect(handled).toEqual([]);
  });

  it('waits for running handlers when the worker stops', async () => {
    const { worker, queue, handedOn, post, release } = await intakeWorld();
    await post(update(7));
    await handedOn(1);
    const stopped = worker.stop(5_000);
    release(7);
    expect(await stopped).toBe(0);
    expect(await queue.pending()).toBe(0);
  });

  it('gives up on a handler that outlasts the stop bound, says how many, and leaves its update for the next start', async () => {
    const { worker, queue, handedOn, post } = await intakeWorld();
    await post(update(8));
    await handedOn(1);
    expect(await worker.stop(50)).toBe(1);
    expect(await queue.claim('next start', 1_000)).toMatchObject({ updateId: 8 });
  });
});

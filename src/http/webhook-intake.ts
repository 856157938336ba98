import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Update } from 'grammy/types';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import { createRefusedAttempts } from './refused-attempts.js';

/**
 * Takes the updates Telegram posts to the webhook. The answer goes back as
 * soon as the update is stored in the update queue, not when its handler is
 * done: an order conversation can wait for the provider for half a minute,
 * longer than Telegram waits for a webhook answer, and a late answer makes
 * Telegram send the update again. The queue recognises a repeat post (to
 * this instance or another) and keeps each chat's updates in order; its
 * worker runs the handlers.
 */

/** Far above any real update (a message is at most 4096 characters plus its metadata). */
const MAX_UPDATE_BYTES = 1024 * 1024;
const POLL_MS = 20;

export interface WebhookIntake {
  accept(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Refuses further updates with 503: Telegram keeps them and tries again, so another start receives them. */
  close(): void;
  /** Waits for updates still being stored, at most `timeoutMs`; returns how many were given up on. */
  drain(timeoutMs: number): Promise<number>;
  inFlight(): number;
}

export function createWebhookIntake(deps: {
  secret: string;
  /**
   * Stores the update for handling, durably: resolves to false when it was
   * stored before (Telegram posted it again), rejects when it could not be
   * stored (Telegram is then answered 500 and posts it again later).
   */
  enqueue: (update: Update) => Promise<boolean>;
  /** Told of every update accepted with the right secret: Telegram reached us. */
  onDelivery?: () => void;
  /** Told of every post refused for a wrong or missing secret token (the metric). */
  onRefused?: () => void;
  /** How long a refused post waits for its 401; REFUSAL_DELAY_MS unless given. */
  refusalDelayMs?: number;
  clock: Clock;
  logger: Logger;
}): WebhookIntake {
  const secretMatches = webhookSecretCheck(deps.secret);
  const running = new Set<Promise<void>>();
  let closed = false;
  const refused = createRefusedAttempts({
    clock: deps.clock,
    logger: deps.logger,
    ...(deps.refusalDelayMs === undefined ? {} : { delayMs: deps.refusalDelayMs }),
    ...(deps.onRefused ? { onRefused: deps.onRefused } : {}),
  });

  const answer = (res: ServerResponse, status: number, body?: string) => {
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'text/plain; charset=utf-8' });
    res.end(body);
  };

  return {
    async accept(req, res) {
      if (req.method !== 'POST') return answer(res, 405, 'method not allowed');
      if (!secretMatches(req)) {
        req.resume();
        await refused.refuse(req.socket.remoteAddress ?? null);
        return answer(res, 401, 'unauthorized');
      }
      if (closed) {
        req.resume();
        return answer(res, 503, 'shutting down');
      }
      let update: Update;
      try {
        update = await readWebhookUpdate(req);
      } catch (error) {
        deps.logger.warn({ reason: error instanceof Error ? error.message : String(error) }, 'webhook request refused: not an update');
        return answer(res, 400, 'bad request');
      }
      deps.onDelivery?.();
      const task = deps.enqueue(update);
      const settled = task.then(
        () => undefined,
        () => undefined,
      );
      running.add(settled);
      try {
        if (!(await task)) deps.logger.info({ updateId: update.update_id }, 'webhook update posted again; already taken');
      } catch (error) {
        // The error's message may quote the failed statement with its parameters, the update's text among them.
        deps.logger.warn({ updateId: update.update_id, err: failureName(error) }, 'could not store a webhook update; Telegram will post it again');
        return answer(res, 500, 'could not store the update');
      } finally {
        running.delete(settled);
      }
      answer(res, 200);
    },
    close() {
      closed = true;
      refused.flush();
    },
    async drain(timeoutMs) {
      const deadline = deps.clock.now() + timeoutMs;
      while (running.size > 0 && deps.clock.now() < deadline) await deps.clock.sleep(POLL_MS);
      if (running.size > 0) deps.logger.warn({ pending: running.size }, 'stopped before every posted update was stored');
      return running.size;
    },
    inFlight: () => running.size,
  };
}

function failureName(error: unknown): string {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.cause?.code ?? (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown';
}

/** Whether a post carries WEBHOOK_SECRET, compared as digests in constant time: neither the secret's length nor its prefix leaks. */
export function webhookSecretCheck(secret: string): (req: IncomingMessage) => boolean {
  const expected = digest(secret);
  return (req) => {
    const given = req.headers['x-telegram-bot-api-secret-token'];
    return typeof given === 'string' && timingSafeEqual(digest(given), expected);
  };
}

/** The update a post carries; rejects a body that is too large, not JSON or without an update_id. */
export async function readWebhookUpdate(req: IncomingMessage): Promise<Update> {
  return parseUpdate(await readBody(req, MAX_UPDATE_BYTES));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error(`body larger than ${limit} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseUpdate(text: string): Update {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('body is not JSON');
  }
  if (typeof value !== 'object' || value === null || !Number.isSafeInteger((value as { update_id?: unknown }).update_id)) {
    throw new Error('body has no update_id');
  }
  return value as Update;
}

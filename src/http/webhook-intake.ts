import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Update } from 'grammy/types';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';

/**
 * Takes the updates Telegram posts to the webhook. The answer goes back as
 * soon as the update is read and handed on, not when its handler is done:
 * an order conversation can wait for the provider for half a minute, longer
 * than Telegram waits for a webhook answer, and a late answer makes Telegram
 * send the update again. Per-chat order is kept by the bot's own
 * sequentialize middleware, which queues each update behind the earlier
 * ones of its chat in the order they are handed on here (the same guarantee
 * as under the polling runner, which also confirms updates before their
 * handlers finish).
 */

/** Far above any real update (a message is at most 4096 characters plus its metadata). */
const MAX_UPDATE_BYTES = 1024 * 1024;
const POLL_MS = 20;
/**
 * Update ids remembered to recognise a repeat: Telegram posts an update again
 * when our answer was lost, and a repeated Confirm must not be handled twice.
 */
const REMEMBERED_UPDATES = 1_000;

export interface WebhookIntake {
  accept(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Refuses further updates with 503: Telegram keeps them and tries again, so another start receives them. */
  close(): void;
  /** Waits for the handlers still running, at most `timeoutMs`; returns how many were given up on. */
  drain(timeoutMs: number): Promise<number>;
  inFlight(): number;
}

export function createWebhookIntake(deps: {
  secret: string;
  /** Starts handling one update; the promise settles when its handler is done. Must not reject. */
  handle: (update: Update) => Promise<void>;
  /** Told of every update accepted with the right secret: Telegram reached us. */
  onDelivery?: () => void;
  clock: Clock;
  logger: Logger;
}): WebhookIntake {
  const expected = digest(deps.secret);
  const running = new Set<Promise<void>>();
  const seen = new Set<number>();
  let closed = false;

  const answer = (res: ServerResponse, status: number, body?: string) => {
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'text/plain; charset=utf-8' });
    res.end(body);
  };

  return {
    async accept(req, res) {
      if (req.method !== 'POST') return answer(res, 405, 'method not allowed');
      const given = req.headers['x-telegram-bot-api-secret-token'];
      // Compared as digests, in constant time: neither the secret's length nor its prefix leaks.
      if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
        deps.logger.warn({ from: req.socket.remoteAddress ?? null }, 'webhook request refused: wrong or missing secret token');
        req.resume();
        return answer(res, 401, 'unauthorized');
      }
      if (closed) {
        req.resume();
        return answer(res, 503, 'shutting down');
      }
      let update: Update;
      try {
        update = parseUpdate(await readBody(req, MAX_UPDATE_BYTES));
      } catch (error) {
        deps.logger.warn({ reason: error instanceof Error ? error.message : String(error) }, 'webhook request refused: not an update');
        return answer(res, 400, 'bad request');
      }
      deps.onDelivery?.();
      if (seen.has(update.update_id)) {
        deps.logger.info({ updateId: update.update_id }, 'webhook update posted again; already taken');
        return answer(res, 200);
      }
      seen.add(update.update_id);
      // A Set iterates in insertion order: the first entry is the oldest.
      if (seen.size > REMEMBERED_UPDATES) seen.delete(seen.values().next().value as number);
      // Handed on before the answer, so that the order of arrival is the order of handling per chat.
      const task = deps.handle(update).finally(() => running.delete(task));
      running.add(task);
      answer(res, 200);
    },
    close() {
      closed = true;
    },
    async drain(timeoutMs) {
      const deadline = deps.clock.now() + timeoutMs;
      while (running.size > 0 && deps.clock.now() < deadline) await deps.clock.sleep(POLL_MS);
      if (running.size > 0) deps.logger.warn({ pending: running.size }, 'stopped before every update was handled');
      return running.size;
    },
    inFlight: () => running.size,
  };
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

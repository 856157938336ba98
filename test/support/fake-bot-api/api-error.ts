import type { ApiResponse } from './types.js';

/** Telegram said no: becomes `{ ok: false, error_code, description }` with the same HTTP status. */
export class BotApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly retryAfter?: number,
  ) {
    super(description);
    this.name = 'BotApiError';
  }

  toResponse(): ApiResponse {
    return {
      ok: false,
      error_code: this.code,
      description: this.description,
      ...(this.retryAfter === undefined ? {} : { parameters: { retry_after: this.retryAfter } }),
    };
  }
}

export const badRequest = (detail: string): BotApiError => new BotApiError(400, `Bad Request: ${detail}`);

export const forbidden = (detail: string): BotApiError => new BotApiError(403, `Forbidden: ${detail}`);

export const tooManyRequests = (retryAfter: number): BotApiError =>
  new BotApiError(429, `Too Many Requests: retry after ${retryAfter}`, retryAfter);

export const notFound = (): BotApiError => new BotApiError(404, 'Not Found');

export const unauthorized = (): BotApiError => new BotApiError(401, 'Unauthorized');

export const getUpdatesConflict = (): BotApiError =>
  new BotApiError(
    409,
    'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
  );

export const webhookActive = (): BotApiError =>
  new BotApiError(409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first");

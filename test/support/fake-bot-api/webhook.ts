import type { Update } from 'grammy/types';
import type { Clock } from '../../../src/clock.js';
import { badRequest } from './api-error.js';
import type { MethodHandler } from './message-methods.js';
import type { UpdateQueue } from './update-queue.js';

/** Telegram's default number of simultaneous webhook connections. */
const DEFAULT_MAX_CONNECTIONS = 40;
/** Telegram retries a failed delivery after a while; a short pause keeps tests quick. */
const RETRY_MS = 200;

export interface WebhookRegistration {
  url: string;
  secretToken: string | undefined;
  allowedUpdates: string[] | undefined;
  maxConnections: number;
}

export interface WebhookDelivery {
  updateId: number;
  /** HTTP status of the bot's answer, or 'error' when the connection failed. */
  status: number | 'error';
}

export interface FakeWebhook {
  handlers: Record<string, MethodHandler>;
  current(): WebhookRegistration | null;
  deliveries: WebhookDelivery[];
  /** Called when an update is queued: with a webhook set, it goes out at once. */
  pump(): void;
  /** Posts one update to the registered URL as Telegram would, with `secret` in place of the registered one. */
  post(update: Update, secret?: string | null): Promise<number>;
  close(): void;
}

/**
 * Telegram's webhook side: setWebhook / deleteWebhook / getWebhookInfo, and
 * delivery of queued updates as POSTs with X-Telegram-Bot-Api-Secret-Token,
 * up to max_connections at once (so updates of one chat can be in flight
 * together), each kept and tried again until the bot answers 2xx.
 */
export function createFakeWebhook(deps: {
  queue: UpdateQueue;
  clock: Clock;
  /**
   * Post a chat's next update only once its previous one was answered 2xx,
   * as Telegram's Bot API server does (different chats still go at once).
   * Off by default: posting one chat's updates together is the harder case
   * for a single instance.
   */
  oneUpdatePerChat?: boolean;
}): FakeWebhook {
  let registration: WebhookRegistration | null = null;
  const inFlight = new Set<number>();
  const deliveries: WebhookDelivery[] = [];
  let closed = false;
  let lastError: { date: number; message: string } | null = null;

  const post = async (update: Update, secret?: string | null): Promise<number> => {
    if (registration === null) throw new Error('no webhook is set');
    const token = secret === undefined ? registration.secretToken : secret;
    const response = await fetch(registration.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-telegram-bot-api-secret-token': token } : {}) },
      body: JSON.stringify(update),
    });
    await response.arrayBuffer();
    return response.status;
  };

  const deliver = async (update: Update): Promise<void> => {
    inFlight.add(update.update_id);
    let status: number | 'error';
    try {
      status = await post(update);
    } catch {
      status = 'error';
    }
    deliveries.push({ updateId: update.update_id, status });
    if (typeof status === 'number' && status >= 200 && status < 300) {
      deps.queue.remove(update.update_id);
      inFlight.delete(update.update_id);
      pump();
      return;
    }
    lastError = { date: Math.floor(deps.clock.now() / 1000), message: status === 'error' ? 'Connection refused' : `Wrong response from the webhook: ${status}` };
    await deps.clock.sleep(RETRY_MS).catch(() => undefined);
    inFlight.delete(update.update_id);
    pump();
  };

  function pump(): void {
    if (registration === null || closed) return;
    // Chats with an earlier update pending (in flight or waiting): their later updates wait.
    const busyChats = new Set<string>();
    for (const update of deps.queue.pending()) {
      if (inFlight.size >= registration.maxConnections) return;
      const chat = chatOf(update);
      const waits = deps.oneUpdatePerChat === true && chat !== null && busyChats.has(chat);
      if (chat !== null) busyChats.add(chat);
      if (!waits && !inFlight.has(update.update_id)) void deliver(update);
    }
  }

  const handlers: Record<string, MethodHandler> = {
    setWebhook(payload) {
      const url = payload['url'];
      if (typeof url !== 'string' || url === '') throw badRequest('bad webhook: An HTTPS URL must be provided for webhook');
      const secret = payload['secret_token'];
      if (secret !== undefined && (typeof secret !== 'string' || !/^[A-Za-z0-9_-]{1,256}$/.test(secret))) {
        throw badRequest('bad webhook: secret token contains unallowed characters');
      }
      const allowed = typeof payload['allowed_updates'] === 'string' ? (JSON.parse(payload['allowed_updates']) as unknown) : payload['allowed_updates'];
      if (payload['drop_pending_updates'] === true) deps.queue.dropPending();
      registration = {
        url,
        secretToken: secret as string | undefined,
        allowedUpdates: Array.isArray(allowed) ? allowed.map(String) : undefined,
        maxConnections: Number(payload['max_connections'] ?? DEFAULT_MAX_CONNECTIONS),
      };
      if (registration.allowedUpdates) deps.queue.allow(registration.allowedUpdates);
      setImmediate(pump);
      return true;
    },
    deleteWebhook(payload) {
      registration = null;
      if (payload['drop_pending_updates'] === true) deps.queue.dropPending();
      return true;
    },
    getWebhookInfo: () => ({
      url: registration?.url ?? '',
      has_custom_certificate: false,
      pending_update_count: deps.queue.pending().length,
      ...(registration ? { max_connections: registration.maxConnections } : {}),
      ...(registration?.allowedUpdates ? { allowed_updates: registration.allowedUpdates } : {}),
      ...(lastError ? { last_error_date: lastError.date, last_error_message: lastError.message } : {}),
    }),
  };

  return {
    handlers,
    current: () => registration,
    deliveries,
    pump,
    post,
    close() {
      closed = true;
    },
  };
}

function chatOf(update: Update): string | null {
  const chat = update.message?.chat ?? update.edited_message?.chat ?? update.channel_post?.chat ?? update.callback_query?.message?.chat ?? update.my_chat_member?.chat;
  return chat ? String(chat.id) : null;
}

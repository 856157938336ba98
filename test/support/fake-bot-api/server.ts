import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UserFromGetMe } from 'grammy/types';
import { systemClock, type Clock } from '../../../src/clock.js';
import { BotApiError, badRequest, notFound, unauthorized, webhookActive } from './api-error.js';
import { createBotMethods } from './bot-methods.js';
import { createChatStore, toSentMessage } from './chat-store.js';
import { describeCalls, describeMessages, findButton, waitFor } from './inspection.js';
import { createDocumentMethods } from './document-methods.js';
import { createMessageMethods, type MethodHandler } from './message-methods.js';
import { createRichMessageMethods } from './rich-messages.js';
import { createGroupMethods } from './group-methods.js';
import { createGroupLimit, createRateLimits, TELEGRAM_GROUP_LIMIT, type FakeGroupLimit, type FakeRateLimits } from './rate-limits.js';
import { readPayload } from './request-payload.js';
import { refusedButtonLooks } from './reply-markup.js';
import type { ApiResponse, FakeBotApi, FaultSpec, RecordedCall, SentMessage } from './types.js';
import { createUpdateQueue } from './update-queue.js';
import { createUserSimulation } from './user-simulation.js';
import { createUserFiles } from './user-files.js';
import { createFakeWebhook } from './webhook.js';

export interface FakeBotApiOptions {
  token?: string;
  /** Stamps message dates and call times, and times long polls. */
  clock?: Clock;
  botUsername?: string;
  botFirstName?: string;
  /** Webhook delivery posts a chat's next update only after its previous one was answered, as Telegram does. */
  webhookOneUpdatePerChat?: boolean;
  /** Answers 429 to messages beyond these limits, as Telegram's flood control does; none unless given. */
  rateLimits?: FakeRateLimits;
  /**
   * 'refused': behaves as a Bot API server from before button styles and
   * disabled buttons (9.4) that refuses fields it does not know (400), as
   * some self-hosted servers do; Telegram's own ignores them. Default
   * 'supported': both are taken and kept with the message.
   */
  buttonLooks?: 'supported' | 'refused';
  /**
   * 'supported': sendRichMessage (Bot API 10) is taken and checked as the
   * Bot API documents it (rich-messages.ts). Default 'refused': a Bot API
   * server from before rich messages, which answers the method 404, as this
   * fake always did; the bot then sends its reports as plain text.
   */
  richMessages?: 'supported' | 'refused';
  /** Messages a minute per group before a 429, as Telegram counts them; default 20 a minute, null for none. */
  groupLimit?: FakeGroupLimit | null;
}

export const DEFAULT_FAKE_TOKEN = '123456:TEST-fake-token-not-real';
const MAX_UPDATES_PER_CALL = 100;

/** The bot as getMe describes it: the fake's own, or one a test gives grammY without asking. */
export function botUser(id: number, firstName: string, username: string): UserFromGetMe {
  return {
    id,
    is_bot: true,
    first_name: firstName,
    username,
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };
}

export async function createFakeBotApi(options: FakeBotApiOptions = {}): Promise<FakeBotApi> {
  const token = options.token ?? DEFAULT_FAKE_TOKEN;
  const clock = options.clock ?? systemClock;
  const botId = Number(/^(\d+):/.exec(token)?.[1] ?? '123456');
  const me = botUser(botId, options.botFirstName ?? 'Fake Test Bot', options.botUsername ?? 'fake_test_bot');

  const calls: RecordedCall[] = [];
  const callListeners = new Set<(call: RecordedCall) => void>();
  const faults = new Map<string, FaultSpec[]>();
  const drops = new Map<string, number>();
  const store = createChatStore();
  let rateLimits = options.rateLimits ? createRateLimits(options.rateLimits) : undefined;
  let buttonLooks = options.buttonLooks ?? 'supported';
  let richMessages = options.richMessages ?? 'refused';
  const queue = createUpdateQueue(clock);
  const users = createUserSimulation({ store, queue, clock });
  const botMethods = createBotMethods({ me, store, queue });
  const webhook = createFakeWebhook({ queue, clock, oneUpdatePerChat: options.webhookOneUpdatePerChat === true });
  queue.onPush(() => webhook.pump());
  const methodDeps = {
    store,
    clock,
    botUser: { id: me.id, is_bot: true, first_name: me.first_name, username: me.username },
  };
  const userFiles = createUserFiles({ pushUpdate: (update) => users.pushUpdate(update), now: () => clock.now() });
  const richMethods = createRichMessageMethods({ store, now: () => Math.floor(clock.now() / 1000), botUser: methodDeps.botUser });
  const groups = createGroupMethods({ store, queue, clock, botId: me.id, botName: me.first_name, botUsername: me.username });
  const groupLimit = options.groupLimit === null ? undefined : createGroupLimit(options.groupLimit ?? TELEGRAM_GROUP_LIMIT);
  const messageMethods = { ...createMessageMethods(methodDeps), ...createDocumentMethods(methodDeps), ...richMethods, ...userFiles.handlers, ...groups.handlers };
  const inGroup = (chatId: unknown): boolean => {
    const type = chatId === undefined ? undefined : store.find(Number(chatId))?.chat.type;
    return type === 'group' || type === 'supergroup';
  };

  const getUpdates: MethodHandler = (payload, clientGone) => {
    if (webhook.current() !== null) throw webhookActive();
    const number = (value: unknown, fallback: number) => (value === undefined ? fallback : Number(value));
    const allowed = payload['allowed_updates'];
    return queue.poll(
      {
        offset: number(payload['offset'], 0),
        limit: Math.min(Math.max(number(payload['limit'], MAX_UPDATES_PER_CALL), 1), MAX_UPDATES_PER_CALL),
        timeoutSeconds: Math.max(number(payload['timeout'], 0), 0),
        ...(Array.isArray(allowed) ? { allowedUpdates: allowed.map(String) } : {}),
      },
      clientGone,
    );
  };

  // Telegram matches method names case-insensitively.
  const handlers = new Map<string, { name: string; handle: MethodHandler }>();
  for (const [name, handle] of Object.entries({ getUpdates, ...botMethods.handlers, ...webhook.handlers, ...messageMethods })) {
    handlers.set(name.toLowerCase(), { name, handle });
  }

  const takeFault = (method: string): BotApiError | undefined => {
    const queued = faults.get(method.toLowerCase());
    const fault = queued?.shift();
    if (fault === undefined) return undefined;
    if (queued?.length === 0) faults.delete(method.toLowerCase());
    return new BotApiError(fault.code, fault.description, fault.retryAfter);
  };

  const answer = async (
    pathToken: string,
    method: string,
    payload: Record<string, unknown>,
    clientGone: AbortSignal,
  ): Promise<ApiResponse> => {
    try {
      if (pathToken !== token) throw unauthorized();
      // A method the server does not know is answered before anything counts it.
      const handler = richMessages === 'refused' && method.toLowerCase() === 'sendrichmessage' ? undefined : handlers.get(method.toLowerCase());
      if (handler === undefined && !faults.has(method.toLowerCase())) throw notFound();
      const fault =
        takeFault(method) ??
        rateLimits?.check(method, payload, clock.now()) ??
        (inGroup(payload['chat_id']) ? groupLimit?.check(method, payload['chat_id'], clock.now()) : undefined) ??
        (buttonLooks === 'refused' ? (refusedButtonLooks(payload['reply_markup']) ?? undefined) : undefined);
      if (fault !== undefined) throw fault;
      if (handler === undefined) throw notFound();
      return { ok: true, result: await handler.handle(payload, clientGone) };
    } catch (error) {
      if (error instanceof BotApiError) return error.toResponse();
      const detail = error instanceof Error ? error.message : String(error);
      return { ok: false, error_code: 500, description: `Internal Server Error: ${detail}` };
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const fileRoute = /^\/file\/bot([^/]*)\/(.+)$/.exec(url.pathname);
    if (fileRoute) {
      const bytes = fileRoute[1] === token ? userFiles.download(fileRoute[2]!) : null;
      if (bytes === null) return void reply(res, notFound().toResponse());
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(bytes.length) });
      res.end(Buffer.from(bytes));
      return;
    }
    const route = /^\/bot([^/]*)\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    const clientGone = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) clientGone.abort();
    });
    let payload: Record<string, unknown> = {};
    let payloadError: BotApiError | undefined;
    try {
      payload = await readPayload(req, url);
    } catch {
      payloadError = badRequest("can't parse JSON object");
    }
    if (route === null) {
      reply(res, notFound().toResponse());
      return;
    }
    const [, pathToken = '', method = ''] = route;
    const call: RecordedCall = { method: handlers.get(method.toLowerCase())?.name ?? method, payload, at: clock.now() };
    calls.push(call);
    for (const listener of callListeners) listener(call);
    const dropsLeft = drops.get(method.toLowerCase()) ?? 0;
    if (dropsLeft > 0) {
      drops.set(method.toLowerCase(), dropsLeft - 1);
      req.socket.destroy();
      return;
    }
    call.response = payloadError?.toResponse() ?? (await answer(pathToken, method, payload, clientGone.signal));
    reply(res, call.response);
  };

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const messages = (chatId: number): SentMessage[] =>
    [...(store.find(chatId)?.messages.values() ?? [])]
      .filter((stored) => stored.fromBot)
      .sort((a, b) => a.message.message_id - b.message.message_id)
      .map(toSentMessage);
  const visible = (chatId: number) => messages(chatId).filter((message) => !message.deleted);
  let closing: Promise<void> | undefined;

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    token,
    botId,
    calls,
    callsTo: (method) => calls.filter((call) => call.method.toLowerCase() === method.toLowerCase()),
    onCall: (listener) => {
      callListeners.add(listener);
      return () => callListeners.delete(listener);
    },
    addChat: users.addChat,
    sendText: users.sendText,
    sendDocument: userFiles.sendDocument,
    pressButton: (from, messageId, data, chat) => users.pressButton(from, messageId, data, chat?.id ?? from.id),
    clickButton: (from, message, label) =>
      users.pressButton(from, message.message_id, findButton(message, label).callback_data, message.chat_id),
    pushUpdate: users.pushUpdate,
    pendingUpdates: queue.pending,
    messages,
    lastMessage: (chatId) => visible(chatId).at(-1),
    callbackAnswer: (id) => store.callbackQueries.get(id)?.answered,
    commands: botMethods.commands.get,
    hasLeft: (chatId: number) => botMethods.leftChats.has(chatId),
    waitFor: (predicate, waitOptions) => waitFor(predicate, () => describeCalls(calls), waitOptions),
    waitForMessage(chatId, match, waitOptions) {
      const matches = (message: SentMessage) =>
        typeof match === 'string' ? message.text.includes(match) : match instanceof RegExp ? match.test(message.text) : match(message);
      return waitFor(
        () => visible(chatId).reverse().find(matches),
        () => `No message in chat ${chatId} matched ${String(match)}.\n${describeMessages(chatId, messages(chatId))}\n${describeCalls(calls)}`,
        waitOptions,
      );
    },
    findButton,
    setButtonLooks(looks) {
      buttonLooks = looks;
    },
    setRichMessages(rich) {
      richMessages = rich;
    },
    enforceLimits(limits) {
      rateLimits = limits ? createRateLimits(limits) : undefined;
    },
    failNext(method, error, times = 1) {
      const key = method.toLowerCase();
      faults.set(key, [...(faults.get(key) ?? []), ...Array.from({ length: times }, () => error)]);
    },
    dropNext(method, times = 1) {
      const key = method.toLowerCase();
      drops.set(key, (drops.get(key) ?? 0) + times);
    },
    webhook: webhook.current,
    webhookDeliveries: webhook.deliveries,
    postToWebhook: webhook.post,
    addBotToGroup: groups.simulation.addBotToGroup,
    removeBotFromGroup: groups.simulation.removeBotFromGroup,
    topics: groups.simulation.topics,
    blockBy: (userId) => void store.blocked.add(userId),
    unblockBy: (userId) => void store.blocked.delete(userId),
    close() {
      closing ??= (async () => {
        webhook.close();
        queue.close();
        // Let released long polls write their empty answer before the sockets go.
        await new Promise((resolve) => setImmediate(resolve));
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}

function reply(res: ServerResponse, response: ApiResponse): void {
  if (res.destroyed) return;
  res.writeHead(response.ok ? 200 : response.error_code, { 'content-type': 'application/json' });
  res.end(JSON.stringify(response));
}

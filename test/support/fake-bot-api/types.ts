import type { WebhookDelivery, WebhookRegistration } from './webhook.js';
import type { FakeRateLimits } from './rate-limits.js';
import type {
  ForceReply,
  InlineKeyboardButton,
  InlineKeyboardMarkup,
  Message,
  MessageEntity,
  ReplyKeyboardMarkup,
  ReplyKeyboardRemove,
  RichMessage,
  Update,
} from 'grammy/types';

/** A simulated Telegram user. */
export interface FakeUser {
  id: number;
  firstName?: string;
  lastName?: string;
  username?: string;
  languageCode?: string;
}

/** A chat other than the default private chat with the acting user. */
export interface ChatSpec {
  id: number;
  type: 'private' | 'group' | 'supergroup' | 'channel';
  title?: string;
  username?: string;
  /** A supergroup with topics (a forum): messages go to a topic by message_thread_id. */
  isForum?: boolean;
}

export type ReplyMarkup = InlineKeyboardMarkup | ReplyKeyboardMarkup | ReplyKeyboardRemove | ForceReply;

export type ApiResponse =
  | { ok: true; result: unknown }
  | { ok: false; error_code: number; description: string; parameters?: { retry_after?: number } };

export interface RecordedCall {
  method: string;
  /** Parameters as Telegram would read them: JSON fields parsed, also from multipart and query strings. */
  payload: Record<string, unknown>;
  /** Clock time (ms) when the request arrived. */
  at: number;
  /** Undefined while a long poll is still held. */
  response?: ApiResponse;
}

/** The current state of one message the bot sent, with edits and deletion applied. */
export interface SentMessage {
  message_id: number;
  chat_id: number;
  text: string;
  entities: MessageEntity[];
  /** The markup as sent, reply keyboards included (Telegram echoes only inline keyboards). */
  reply_markup?: ReplyMarkup;
  protect_content: boolean;
  deleted: boolean;
  date: number;
  edit_date?: number;
  reply_to_message_id?: number;
  /** The forum topic the message is in (message_thread_id), kept through edits. */
  thread_id?: number;
  edits: number;
  /** A document the bot uploaded, with its bytes; `text` holds its caption. */
  document?: SentDocument;
  /** A photo the bot uploaded: its bytes; `text` holds its caption. */
  photo?: Buffer;
  /** A rich message (sendRichMessage): its blocks as sent; `text` holds what they read as (rich-content.ts). */
  rich?: RichMessage;
}

export interface SentDocument {
  fileName: string;
  mimeType: string;
  content: Buffer;
}

export interface FaultSpec {
  code: number;
  description: string;
  retryAfter?: number;
}

export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
}

export type CallbackButton = InlineKeyboardButton.CallbackButton;

export type MessageMatch = string | RegExp | ((message: SentMessage) => boolean);

export type RawUpdate = Omit<Update, 'update_id'> & { update_id?: number };

export interface CallbackAnswer {
  text?: string;
  show_alert?: boolean;
  url?: string;
  cache_time?: number;
}

export interface FakeBotApi {
  /** Pass as `client.apiRoot`; no trailing slash. */
  readonly apiRoot: string;
  readonly token: string;
  readonly botId: number;
  readonly calls: RecordedCall[];
  callsTo(method: string): RecordedCall[];
  /**
   * Calls `listener` with each call as it arrives (before it is answered),
   * until the returned function is called: for benchmarks, which must not
   * poll the call list while the bot they measure shares the event loop.
   */
  onCall(listener: (call: RecordedCall) => void): () => void;

  /** Makes a chat known without an update, as if its user had talked to the bot earlier. */
  addChat(chat: FakeUser | ChatSpec): void;
  /** In a forum supergroup, `threadId` is the topic the user writes in. */
  sendText(from: FakeUser, text: string, chat?: ChatSpec, options?: { replyTo?: number; threadId?: number }): Message;
  /** The user sends a file (a document message); the bot can getFile and download its bytes. */
  sendDocument(from: FakeUser, file: { fileName: string; bytes: Uint8Array; mimeType?: string }, caption?: string): void;
  pressButton(from: FakeUser, messageId: number, data: string, chat?: ChatSpec): string;
  clickButton(from: FakeUser, message: SentMessage, label: string | RegExp): string;
  pushUpdate(update: RawUpdate): Update;
  /** Updates not yet confirmed through getUpdates' offset. */
  pendingUpdates(): Update[];

  messages(chatId: number): SentMessage[];
  /** The newest message the bot sent to the chat that is not deleted. */
  lastMessage(chatId: number): SentMessage | undefined;
  callbackAnswer(callbackQueryId: string): CallbackAnswer | undefined;
  commands(scope?: Record<string, unknown>, languageCode?: string): { command: string; description: string }[];
  /** Whether the bot left this chat with leaveChat. */
  hasLeft(chatId: number): boolean;
  waitFor<T>(predicate: () => T | undefined | null | false, options?: WaitOptions): Promise<T>;
  waitForMessage(chatId: number, match: MessageMatch, options?: WaitOptions): Promise<SentMessage>;
  findButton(message: SentMessage, label: string | RegExp): CallbackButton;

  /**
   * From now on answers 429 beyond these limits (null: no more), counting
   * from this call: for a test whose set-up, typed faster than a person
   * types, is not what it measures.
   */
  enforceLimits(limits: FakeRateLimits | null): void;
  /** From now on takes button styles and disabled buttons, or refuses them as an older Bot API server that refuses unknown fields would (see FakeBotApiOptions.buttonLooks). */
  setButtonLooks(looks: 'supported' | 'refused'): void;
  /** From now on takes rich messages, or answers sendRichMessage 404 as a Bot API server from before them (see FakeBotApiOptions.richMessages). */
  setRichMessages(rich: 'supported' | 'refused'): void;
  failNext(method: string, error: FaultSpec, times?: number): void;
  /** The next `times` calls of `method` get no answer: the connection is cut, as a network failure would. */
  dropNext(method: string, times?: number): void;
  /** The webhook set with setWebhook, or null (polling). */
  webhook(): WebhookRegistration | null;
  /** Every webhook POST made so far, with the bot's answer. */
  readonly webhookDeliveries: readonly WebhookDelivery[];
  /** Posts one update to the webhook as Telegram would; `secret` replaces the registered secret (null: no header). */
  postToWebhook(update: Update, secret?: string | null): Promise<number>;
  /** A member adds the bot to a group or supergroup (forum when `isForum`): my_chat_member, as Telegram sends it. */
  addBotToGroup(by: FakeUser, group: ChatSpec): Update;
  /** A member removes the bot ('kicked'), or the group is deleted ('left'); sends there get 403 from then on. */
  removeBotFromGroup(by: FakeUser, groupId: number, status?: 'kicked' | 'left'): Update;
  /** The forum topics created in a group, by message_thread_id. */
  topics(groupId: number): Map<number, string>;
  blockBy(userId: number): void;
  unblockBy(userId: number): void;
  close(): Promise<void>;
}

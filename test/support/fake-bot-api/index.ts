/**
 * A Telegram Bot API stand-in on loopback HTTP. Point a bot at it with
 * `new Bot(api.token, { client: { apiRoot: api.apiRoot } })`; simulate users with sendText /
 * pressButton / clickButton, inspect what the bot sent with messages / waitForMessage, inject
 * failures with failNext / blockBy. Stop the bot before close(): a bot still polling a closed
 * server keeps retrying.
 */
export { BotApiError } from './api-error.js';
export { MAX_MESSAGE_LENGTH } from './formatted-text.js';
export { MAX_CALLBACK_DATA_BYTES } from './reply-markup.js';
export { flattenRichText, richDetails, richPlainText, richTables } from './rich-content.js';
export { RICH_LIMITS } from './rich-messages.js';
export { createFakeBotApi, DEFAULT_FAKE_TOKEN, type FakeBotApiOptions } from './server.js';
export type { FakeGroupLimit, FakeRateLimits } from './rate-limits.js';
export type { WebhookDelivery, WebhookRegistration } from './webhook.js';
export type {
  ApiResponse,
  CallbackAnswer,
  CallbackButton,
  ChatSpec,
  FakeBotApi,
  FakeUser,
  FaultSpec,
  MessageMatch,
  RawUpdate,
  RecordedCall,
  ReplyMarkup,
  SentDocument,
  SentMessage,
  WaitOptions,
} from './types.js';

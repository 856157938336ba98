import { hostname } from 'node:os';
import { maskedUrl } from './db/postgres/url.js';
import { sandboxStatePathFor } from './sandbox/state-path.js';
import { z } from 'zod';
import { assertTimeZone, type MonthCalendar } from './text/local-periods.js';
import { parseSandboxFaults, SandboxFaultsError, type SandboxFaults } from './sandbox/fault-settings.js';
import { parseTelegramUserId } from './text/telegram-id.js';
import { carriesCredentials, providerBaseUrl, URL_SETTINGS_WITHOUT_CREDENTIALS, webhookUrl } from './config-urls.js';

/**
 * Configuration comes from the environment only. `parseConfig` is pure: it
 * reads the given record and either returns a typed Config or throws a
 * ConfigError that lists every problem at once, without echoing values
 * (a mistyped key must not end up in a terminal scroll-back or a log).
 */

/**
 * Sandbox mode has a database of its own, so that an operator who tries the
 * sandbox and then sets the live URL and key never meets sandbox orders.
 */
export const DEFAULT_DATABASE_PATH = './data/giftdesk.sqlite';
export const DEFAULT_SANDBOX_DATABASE_PATH = './data/giftdesk-sandbox.sqlite';

/** Empty strings count as "not set", so `KEY=` in .env means the default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const positiveInt = (fallback: number, max = 1_000_000) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be at least 1' })
      .max(max, { error: `must be at most ${max}` })
      .default(fallback),
  );

const adminIds = z
  .string({ error: 'is required: comma-separated numeric Telegram user IDs of the administrators' })
  .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
  .refine((ids) => ids.length > 0, { error: 'must list at least one numeric Telegram user ID' })
  .refine((ids) => ids.every((id) => parseTelegramUserId(id) !== null), {
    error: 'must contain only numeric Telegram user IDs separated by commas',
  })
  .transform((ids) => [...new Set(ids.map((id) => parseTelegramUserId(id) as number))]);

/** Telegram's own rule for secret_token: 1-256 of these characters. */
const WEBHOOK_SECRET_SHAPE = /^[A-Za-z0-9_-]{1,256}$/;
/**
 * The secret is the only thing that vouches for `from` on a posted update:
 * whoever guesses it acts as any administrator. 32 characters from
 * `openssl rand -hex 32` (64) are far beyond guessing; one character is not.
 */
const WEBHOOK_SECRET_MIN_LENGTH = 32;

const amountUnit = optional(z.string().trim().max(16, { error: 'must be at most 16 characters' }));

const schema = z.strictObject({
  BOT_TOKEN: z
    .string({ error: 'is required: the token @BotFather gave you' })
    .trim()
    .regex(/^[0-9]+:[A-Za-z0-9_-]+$/, { error: 'does not look like a bot token (digits, a colon, then letters)' }),
  // z.httpUrl refuses IP addresses and localhost, which self-hosted Bot API servers often use.
  TELEGRAM_API_ROOT: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL of a Bot API server' })),
  PROVIDER_BASE_URL: providerBaseUrl,
  PROVIDER_API_KEY: optional(z.string().trim().min(8, { error: 'is too short to be an API key' })),
  // The default depends on PROVIDER_BASE_URL; see parseConfig.
  DATABASE_PATH: optional(z.string().trim()),
  // The value is never echoed in a message: it may hold a password.
  DATABASE_URL: optional(z.string().trim().regex(/^postgres(ql)?:\/\/./i, { error: 'must be a postgres:// or postgresql:// URL (libpq style)' })),
  ADMIN_IDS: adminIds,
  // The chat (a group's negative id, or a person's) that also receives each closed month's statement and CSV.
  FINANCE_CHAT_ID: optional(z.coerce.number({ error: 'must be a Telegram chat id' }).int({ error: 'must be a Telegram chat id' }).refine((id) => id !== 0 && Number.isSafeInteger(id), { error: 'must be a Telegram chat id' })),
  DEFAULT_LOCALE: optional(z.enum(['en', 'fa'], { error: 'must be "en" or "fa"' })).transform((v) => v ?? 'en'),
  AMOUNT_UNIT: amountUnit,
  // A label per language overrides AMOUNT_UNIT for readers of that language only.
  AMOUNT_UNIT_EN: amountUnit,
  AMOUNT_UNIT_FA: amountUnit,
  TIME_ZONE: optional(
    z.string().trim().refine(
      (zone) => {
        try {
          assertTimeZone(zone);
          return true;
        } catch {
          return false;
        }
      },
      { error: 'must be an IANA time zone name such as Asia/Tehran, Europe/Berlin or UTC' },
    ),
  ).transform((v) => v ?? 'UTC'),
  MONTH_CALENDAR: optional(z.enum(['gregorian', 'persian'], { error: 'must be "gregorian" or "persian"' })).transform(
    (v) => v ?? 'gregorian',
  ),
  BOT_MODE: optional(z.enum(['polling', 'webhook'], { error: 'must be "polling" or "webhook"' })).transform((v) => v ?? 'polling'),
  HTTP_HOST: optional(z.string().trim().min(1)).transform((v) => v ?? '127.0.0.1'),
  HTTP_PORT: optional(
    z.coerce.number({ error: 'must be a port number' }).int({ error: 'must be a port number' }).min(1, { error: 'must be a port number from 1 to 65535' }).max(65_535, { error: 'must be a port number from 1 to 65535' }),
  ),
  WEBHOOK_URL: optional(webhookUrl),
  WEBHOOK_SECRET: optional(
    z
      .string()
      .regex(WEBHOOK_SECRET_SHAPE, { error: 'must be at most 256 characters, each a letter, digit, _ or - (Telegram\'s rule); make one with: openssl rand -hex 32', abort: true })
      .min(WEBHOOK_SECRET_MIN_LENGTH, {
        error: `is too short: at least ${WEBHOOK_SECRET_MIN_LENGTH} characters, since it alone proves an update came from Telegram; make one with: openssl rand -hex 32`,
      }),
  ),
  // Seals the step-up (authenticator) secrets in the database; without it step-up cannot be turned on.
  STEP_UP_KEY: optional(
    z.string().trim().regex(/^[0-9a-fA-F]{64}$/, { error: 'must be 32 bytes written as 64 hexadecimal characters; make one with: openssl rand -hex 32' }),
  ),
  // Names this instance in its logs, /metrics and the roles it holds; several instances on one database need distinct ids.
  INSTANCE_ID: optional(z.string().trim().min(1, { error: 'must not be empty' }).max(200, { error: 'must be at most 200 characters' })),
  LOG_PRETTY: optional(z.stringbool({ error: 'must be true or false' })).transform((v) => v ?? false),
  // Reports as tables where the Bot API server takes rich messages (found out by trying), or always as plain text.
  RICH_REPORTS: optional(z.enum(['auto', 'off'], { error: 'must be "auto" or "off"' })).transform((v) => v ?? 'auto'),
  LOG_LEVEL: optional(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    }),
  ).transform((v) => v ?? 'info'),
  CATALOG_REFRESH_MINUTES: positiveInt(30, 24 * 60),
  ORDER_IDLE_MINUTES: positiveInt(15, 24 * 60),
  POLL_STALE_MINUTES: positiveInt(30, 7 * 24 * 60),
  LOW_BALANCE_CHECK_SECONDS: positiveInt(300, 24 * 60 * 60),
  TOKEN_WATCH_SECONDS: positiveInt(180, 24 * 60 * 60),
  DATABASE_OUTAGE_ALERT_SECONDS: positiveInt(60, 24 * 60 * 60),
  WALLET_WATCH_SECONDS: positiveInt(60, 60 * 60),
  APPROVAL_EXPIRY_MINUTES: positiveInt(24 * 60, 30 * 24 * 60),
  PROVIDER_TIMEOUT_MS: positiveInt(10_000, 120_000),
  PROVIDER_ORDER_TIMEOUT_MS: positiveInt(30_000, 300_000),
  PROVIDER_REQUESTS_PER_SECOND: positiveInt(8, 1_000),
  // The spec does not show the provider's limit; contract.md assumes 10 (CONTRACT_LIMITS.maxQuantityPerItem).
  PROVIDER_MAX_QUANTITY_PER_ITEM: positiveInt(10, 1_000),
  // Likewise not shown; contract.md assumes 5 products per order (CONTRACT_LIMITS.maxItemsPerOrder).
  PROVIDER_MAX_PRODUCTS_PER_ORDER: positiveInt(5, 100),
  BATCH_MAX_ROWS: positiveInt(1_000, 5_000),
  // Unset means the probe's own default (PAUSE_PROBE_MS in src/orders/pause-probe.ts).
  // Checked in parseConfig (its parser words its own problems); only with PROVIDER_BASE_URL=sandbox.
  SANDBOX_FAULTS: optional(z.string()),
  PAUSE_PROBE_SECONDS: optional(
    z.coerce.number({ error: 'must be a whole number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).max(3_600, { error: 'must be at most 3600' }),
  ),
});

/** Every key the configuration reads: .env.example explains each one (test/app/env-example.test.ts). */
export const CONFIG_KEYS: readonly string[] = Object.keys(schema.shape);

export type Config = {
  botToken: string;
  telegramApiRoot: string | undefined;
  /** 'sandbox' runs the emulator in-process; otherwise the live base URL. */
  providerBaseUrl: string;
  providerApiKey: string | undefined;
  sandboxMode: boolean;
  /** The SQLite file, used unless databaseUrl is set. */
  databasePath: string;
  /** PostgreSQL (postgres:// or postgresql://), or null for SQLite at databasePath. Holds the password: never log it unmasked. */
  databaseUrl: string | null;
  /** Sandbox mode: the file keeping the sandbox provider's wallet and orders across restarts; null in memory or live. */
  sandboxStatePath: string | null;
  adminIds: number[];
  /** FINANCE_CHAT_ID: where closed statements go besides the administrators; null: administrators only. */
  financeChatId: number | null;
  defaultLocale: 'en' | 'fa';
  /** The label after amounts per reader's language: AMOUNT_UNIT_EN / AMOUNT_UNIT_FA, else AMOUNT_UNIT, else none. */
  amountUnit: Readonly<Record<'en' | 'fa', string>>;
  /** IANA zone in which times are shown and days are counted. */
  timeZone: string;
  /** Calendar whose months limits, digests and exports count by. */
  monthCalendar: MonthCalendar;
  logLevel: string;
  /** INSTANCE_ID, or <hostname>:<pid>: this instance's name in logs, /metrics and role records. */
  instanceId: string;
  catalogRefreshMinutes: number;
  orderIdleMinutes: number;
  /** A summary older than this has its price and stock read again when Confirm is pressed. */
  pollStaleMinutes: number;
  /** The low-balance alert reads the balance itself only when no one read it for this long. */
  lowBalanceCheckSeconds: number;
  /** How often Telegram's registration of the bot is compared with ours: a stolen token is seen within this. */
  tokenWatchSeconds: number;
  /** PostgreSQL away longer than this is told to administrators (once, and once when it is back). */
  databaseOutageAlertSeconds: number;
  /** How often the wallet's newest transactions are read (one request while nothing changes) and new ones judged. */
  walletWatchSeconds: number;
  /** An order waiting for approval longer than this expires unplaced; both sides are told. */
  approvalExpiryMinutes: number;
  providerTimeoutMs: number;
  providerOrderTimeoutMs: number;
  providerRequestsPerSecond: number;
  /** Largest quantity of one product the order conversation offers (stock permitting). */
  providerMaxQuantityPerItem: number;
  /** Most products (lines) in one order: the cart offers no more. */
  providerMaxProductsPerOrder: number;
  /** Most rows of a batch file; a longer file is refused before anything is read from the provider. */
  batchMaxRows: number;
  /** How often a pause the provider caused checks whether it answers again; undefined for the default. */
  pauseProbeSeconds: number | undefined;
  /** Trouble the in-process sandbox makes on purpose, for rehearsals; null when none. */
  sandboxFaults: SandboxFaults | null;
  /** How updates arrive: long polling, or Telegram posting them to our HTTP server. */
  botMode: 'polling' | 'webhook';
  httpHost: string;
  /** The HTTP server (webhook, health, metrics) listens here; in polling mode only when set. */
  httpPort: number | undefined;
  /** Webhook mode: the public URL registered with Telegram; its path is the one served. */
  webhookUrl: string | undefined;
  /** Webhook mode: Telegram sends it in X-Telegram-Bot-Api-Secret-Token; anything else is refused. */
  webhookSecret: string | undefined;
  /** Step-up confirmation: the key (64 hex characters) the TOTP secrets are sealed with; absent, step-up stays off. */
  stepUpKey: string | undefined;
  /** Human-readable log lines (pino-pretty, a development dependency) instead of JSON. */
  logPretty: boolean;
  /**
   * /statement, /budgets, /limits and the digest as rich messages (tables,
   * expandable blocks) where the Bot API server takes them ('auto'), or
   * always as plain text ('off').
   */
  richReports: 'auto' | 'off';
};

/** The port the HTTP server takes in webhook mode when HTTP_PORT is not set. */
const DEFAULT_WEBHOOK_PORT = 8080;

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Keys the schema knows; anything else in the environment is ignored. */
const KNOWN_KEYS = Object.keys(schema.shape) as (keyof typeof schema.shape)[];

export function parseConfig(env: Record<string, string | undefined>): Config {
  const picked: Record<string, string | undefined> = {};
  for (const key of KNOWN_KEYS) if (env[key] !== undefined) picked[key] = env[key];

  const result = schema.safeParse(picked);
  const problems: string[] = [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || 'configuration';
      // Only our own messages are shown: zod's defaults can quote the input.
      problems.push(`${key} ${issue.message}`);
    }
  }
  // Checked on the raw values so that it is reported with every other problem.
  const liveProvider = (picked.PROVIDER_BASE_URL ?? '').trim() !== 'sandbox';
  if (liveProvider && !(picked.PROVIDER_API_KEY ?? '').trim()) {
    problems.push('PROVIDER_API_KEY is required unless PROVIDER_BASE_URL is "sandbox"');
  }
  let sandboxFaults: SandboxFaults | null = null;
  const faultsText = (picked.SANDBOX_FAULTS ?? '').trim();
  if (faultsText !== '') {
    // Faults on purpose against real money would be a disaster waiting for a typo.
    if (liveProvider) problems.push('SANDBOX_FAULTS works only with PROVIDER_BASE_URL=sandbox; remove it to use the live provider');
    else {
      try {
        sandboxFaults = parseSandboxFaults(faultsText);
      } catch (error) {
        if (!(error instanceof SandboxFaultsError)) throw error;
        problems.push(`SANDBOX_FAULTS: ${error.message}`);
      }
    }
  }
  if ((picked.BOT_MODE ?? '').trim() === 'webhook') {
    if (!(picked.WEBHOOK_URL ?? '').trim()) problems.push('WEBHOOK_URL is required when BOT_MODE is "webhook": the public https URL Telegram posts updates to');
    if (!(picked.WEBHOOK_SECRET ?? '').trim()) {
      problems.push(`WEBHOOK_SECRET is required when BOT_MODE is "webhook": ${WEBHOOK_SECRET_MIN_LENGTH} to 256 letters, digits, _ or -, checked on every update; make one with: openssl rand -hex 32`);
    }
  }
  for (const key of URL_SETTINGS_WITHOUT_CREDENTIALS) {
    // A password here would be printed in the start-up line and sent with every request; the value itself is not echoed.
    if (carriesCredentials(picked[key])) problems.push(`${key} must not carry a user name or password (user:password@host): remove them from the URL`);
  }
  if ((picked.DATABASE_URL ?? '').trim() !== '' && (picked.DATABASE_PATH ?? '').trim() !== '') {
    problems.push('DATABASE_URL and DATABASE_PATH are both set: DATABASE_URL selects PostgreSQL, DATABASE_PATH a SQLite file; keep the one you mean');
  }
  const data = result.success ? result.data : undefined;
  if (!data || problems.length > 0) throw new ConfigError(problems);

  const databasePath = data.DATABASE_PATH ?? (data.PROVIDER_BASE_URL === 'sandbox' ? DEFAULT_SANDBOX_DATABASE_PATH : DEFAULT_DATABASE_PATH);
  return {
    botToken: data.BOT_TOKEN,
    telegramApiRoot: data.TELEGRAM_API_ROOT?.replace(/\/+$/, ''),
    providerBaseUrl: data.PROVIDER_BASE_URL,
    providerApiKey: data.PROVIDER_API_KEY,
    sandboxMode: data.PROVIDER_BASE_URL === 'sandbox',
    databasePath,
    databaseUrl: data.DATABASE_URL ?? null,
    sandboxStatePath: data.PROVIDER_BASE_URL === 'sandbox' ? sandboxStatePathFor(data.DATABASE_URL ? { url: data.DATABASE_URL } : { path: databasePath }) : null,
    adminIds: data.ADMIN_IDS,
    financeChatId: data.FINANCE_CHAT_ID ?? null,
    defaultLocale: data.DEFAULT_LOCALE,
    amountUnit: { en: data.AMOUNT_UNIT_EN ?? data.AMOUNT_UNIT ?? '', fa: data.AMOUNT_UNIT_FA ?? data.AMOUNT_UNIT ?? '' },
    timeZone: data.TIME_ZONE,
    monthCalendar: data.MONTH_CALENDAR,
    logLevel: data.LOG_LEVEL,
    instanceId: data.INSTANCE_ID ?? `${hostname()}:${process.pid}`,
    catalogRefreshMinutes: data.CATALOG_REFRESH_MINUTES,
    orderIdleMinutes: data.ORDER_IDLE_MINUTES,
    pollStaleMinutes: data.POLL_STALE_MINUTES,
    lowBalanceCheckSeconds: data.LOW_BALANCE_CHECK_SECONDS,
    tokenWatchSeconds: data.TOKEN_WATCH_SECONDS,
    databaseOutageAlertSeconds: data.DATABASE_OUTAGE_ALERT_SECONDS,
    walletWatchSeconds: data.WALLET_WATCH_SECONDS,
    approvalExpiryMinutes: data.APPROVAL_EXPIRY_MINUTES,
    providerTimeoutMs: data.PROVIDER_TIMEOUT_MS,
    providerOrderTimeoutMs: data.PROVIDER_ORDER_TIMEOUT_MS,
    providerRequestsPerSecond: data.PROVIDER_REQUESTS_PER_SECOND,
    providerMaxQuantityPerItem: data.PROVIDER_MAX_QUANTITY_PER_ITEM,
    providerMaxProductsPerOrder: data.PROVIDER_MAX_PRODUCTS_PER_ORDER,
    batchMaxRows: data.BATCH_MAX_ROWS,
    pauseProbeSeconds: data.PAUSE_PROBE_SECONDS,
    sandboxFaults,
    botMode: data.BOT_MODE,
    httpHost: data.HTTP_HOST,
    httpPort: data.HTTP_PORT ?? (data.BOT_MODE === 'webhook' ? DEFAULT_WEBHOOK_PORT : undefined),
    webhookUrl: data.WEBHOOK_URL,
    webhookSecret: data.WEBHOOK_SECRET,
    stepUpKey: data.STEP_UP_KEY,
    logPretty: data.LOG_PRETTY,
    richReports: data.RICH_REPORTS,
  };
}

/**
 * The configuration in effect, for the one start-up log line. Secrets are
 * reported only as set or not: not a character of the bot token, the API key
 * or the webhook secret, not even their length.
 */
export function effectiveConfig(config: Config): Record<string, unknown> {
  const { botToken, providerApiKey, webhookSecret, stepUpKey, databasePath, databaseUrl, ...rest } = config;
  const set = Object.entries({ BOT_TOKEN: botToken, PROVIDER_API_KEY: providerApiKey, WEBHOOK_SECRET: webhookSecret, STEP_UP_KEY: stepUpKey })
    .filter(([, value]) => Boolean(value))
    .map(([key]) => key);
  // Unset settings are shown as null rather than left out: the line then lists every setting.
  const shown = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, value === undefined ? null : value]));
  // One database is in use: the other setting would only mislead.
  const database = databaseUrl === null ? { database: 'sqlite', databasePath } : { database: 'postgresql', databaseUrl: maskedUrl(databaseUrl) };
  return { ...database, ...shown, secretsSet: set };
}

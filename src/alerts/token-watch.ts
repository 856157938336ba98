import { GrammyError, type Api } from 'grammy';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { OrderingPauseStore } from '../db/ordering-pause-store.js';
import type { AppStateStore } from '../db/app-state-store.js';
import type { Locale, Translate } from '../text/i18n.js';
import type { AdminAlerts } from './admin-alerts.js';

/**
 * Signs that someone else holds the bot's token: Telegram keeps one
 * registration per bot (a webhook URL, or none while a bot polls), so a
 * webhook URL giftdesk did not set, or a second client taking updates
 * while giftdesk polls (409 Conflict), means the token is used elsewhere.
 * Whoever has it can read every message sent to the bot and answer as the
 * bot, so ordering is paused (nothing is spent on what such a person
 * might ask for) and administrators are told what to do: revoke the token
 * with @BotFather and restart giftdesk with the new one.
 */
export interface TokenWatch {
  /** Reads Telegram's registration once and compares it with giftdesk's own mode and URL. */
  check(): Promise<void>;
  /**
   * The periodic look: a check, but only once `registered` was called.
   * Before that Telegram may still hold what the previous run left (a
   * webhook the switch to polling is about to remove), which is no sign.
   */
  tick(): Promise<void>;
  /** Our own setWebhook or deleteWebhook is done; with `lookNow`, checks once at once (a failure to read is logged). */
  registered(lookNow: boolean): Promise<void>;
  /** Another client polls with our token (Telegram answered getUpdates with 409 Conflict). */
  pollingConflict(detail: string): Promise<void>;
}

type TokenSign = { kind: 'foreign-webhook'; url: string } | { kind: 'polling-conflict'; detail: string };

/** One alert per sign a day at most: the pause is what matters, and it stays until an administrator resumes. */
const SIGN_QUIET_MS = 24 * 60 * 60 * 1000;

function createTokenWatch(deps: {
  /** Telegram's getWebhookInfo: its URL, '' or absent while no webhook is set. */
  registration: () => Promise<{ url?: string | undefined }>;
  mode: 'polling' | 'webhook';
  /** WEBHOOK_URL in webhook mode. */
  webhookUrl: string | undefined;
  pauses: Pick<OrderingPauseStore, 'pause'>;
  alerts: Pick<AdminAlerts, 'alert'>;
  render: (locale: Locale, sign: TokenSign) => string;
  /** The webhook URLs giftdesk's own instances registered, kept in the database they share: another of them is no sign. */
  ownUrls: OwnWebhookUrls;
  logger: Logger;
}): TokenWatch {
  const { logger } = deps;
  let ours = false;

  /** A URL one of our own instances registered (a change of WEBHOOK_URL rolling through the fleet): told, not raised. */
  async function oneOfOurs(url: string): Promise<boolean> {
    if (!(await deps.ownUrls.known()).includes(url)) return false;
    logger.warn(
      { registered: url, mine: deps.webhookUrl ?? null },
      'Telegram holds a webhook URL another giftdesk instance on this database registered: a change of WEBHOOK_URL or BOT_MODE is under way; restart this instance with the new settings',
    );
    return true;
  }

  async function raise(sign: TokenSign): Promise<void> {
    logger.error({ sign: sign.kind, ...('url' in sign ? { registered: sign.url } : {}) }, 'someone else is using the bot token: ordering paused');
    const reason = sign.kind === 'foreign-webhook' ? `webhook ${sign.url}` : sign.kind;
    await deps.pauses.pause({ source: 'telegram', reason, by: null });
    await deps.alerts.alert(`bot-token:${sign.kind}`, (locale) => deps.render(locale, sign), { quietMs: SIGN_QUIET_MS });
  }

  async function check(): Promise<void> {
    const url = (await deps.registration()).url ?? '';
    if (deps.mode === 'polling') {
      if (url !== '' && !(await oneOfOurs(url))) await raise({ kind: 'foreign-webhook', url });
      return;
    }
    if (url === deps.webhookUrl) return;
    // Our own webhook gone is trouble (no updates arrive) but not a sign by itself; another URL is.
    if (url === '') {
      logger.warn('Telegram has no webhook for this bot: updates stop until giftdesk registers it again (restart)');
      return;
    }
    if (await oneOfOurs(url)) return;
    await raise({ kind: 'foreign-webhook', url });
  }

  return {
    check,
    async tick() {
      if (ours) await check();
    },
    async registered(lookNow) {
      ours = true;
      if (deps.mode === 'webhook' && deps.webhookUrl) {
        await deps.ownUrls.record(deps.webhookUrl).catch((error: unknown) => logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not record our webhook URL'));
      }
      if (!lookNow) return;
      await check().catch((error: unknown) => logger.warn({ err: error instanceof Error ? error.message : String(error) }, "could not read the bot's registration with Telegram at start; the periodic watch reads it again"));
    },
    async pollingConflict(detail) {
      // A webhook our own fleet set (polling being switched to webhook) also ends getUpdates with 409.
      const url = await deps.registration().then((info) => info.url ?? '', () => '');
      if (url !== '' && (await oneOfOurs(url))) return;
      await raise({ kind: 'polling-conflict', detail });
    },
  };
}

/**
 * Telegram's description when getUpdates met another client with the same
 * token (409 Conflict: another poller, or a webhook someone set), else null.
 * The runner gives up on it; met while this instance holds the polling role
 * it is a sign, not a handover (serving.ts tells the two apart).
 */
export function pollingConflictOf(error: unknown): string | null {
  return error instanceof GrammyError && error.error_code === 409 ? error.description : null;
}

/** The webhook URLs our instances registered: the last OWN_URLS_KEPT distinct ones, newest first. */
export interface OwnWebhookUrls {
  record(url: string): Promise<void>;
  known(): Promise<string[]>;
}

const OWN_URLS_KEY = 'webhook.own-urls';
const OWN_URLS_KEPT = 5;

/** Kept in app_state, which only giftdesk's instances write: someone holding the token alone cannot add to it. */
export function ownWebhookUrlsIn(state: Pick<AppStateStore, 'get' | 'update'>): OwnWebhookUrls {
  return {
    record: (url) => state.update<string[], void>(OWN_URLS_KEY, (current) => ({ next: [url, ...(current ?? []).filter((known) => known !== url)].slice(0, OWN_URLS_KEPT), result: undefined })),
    known: async () => (await state.get<string[]>(OWN_URLS_KEY)) ?? [],
  };
}

/** The watch as the app composes it: Telegram's registration read through `api`, compared with BOT_MODE and WEBHOOK_URL. */
export function tokenWatchFor(deps: {
  config: Pick<Config, 'botMode' | 'webhookUrl'>;
  api: Pick<Api, 'getWebhookInfo'>;
  appState: Pick<AppStateStore, 'get' | 'update'>;
  pauses: Pick<OrderingPauseStore, 'pause'>;
  alerts: Pick<AdminAlerts, 'alert'>;
  translate: (locale: Locale) => Translate;
  logger: Logger;
}): TokenWatch {
  const { translate } = deps;
  return createTokenWatch({
    registration: () => deps.api.getWebhookInfo(),
    mode: deps.config.botMode,
    webhookUrl: deps.config.webhookUrl,
    pauses: deps.pauses,
    alerts: deps.alerts,
    ownUrls: ownWebhookUrlsIn(deps.appState),
    render: (locale, sign) =>
      sign.kind === 'foreign-webhook' ? translate(locale)('bot-token-foreign-webhook-alert', { url: sign.url }) : translate(locale)('bot-token-polling-conflict-alert'),
    logger: deps.logger,
  });
}

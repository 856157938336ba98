import type { AdminAlerts } from '../alerts/admin-alerts.js';
import {
  describeProviderFailure,
  ProviderAuthError,
  ProviderConflictError,
  ProviderError,
  ProviderForbiddenError,
  ProviderNetworkError,
  ProviderNotFoundError,
  ProviderOrderMismatchError,
  providerFailureFields,
  ProviderRateLimitedError,
  ProviderRejectedError,
  ProviderResponseError,
  ProviderServerError,
} from '../provider/errors.js';
import { alertOrderMismatch } from '../alerts/order-mismatch.js';
import { OrderNotStoredError } from '../orders/place-errors.js';
import { ReadPaceError } from '../safeguards/velocity/read-pace.js';
import { INTERACTIVE_MAX_WAIT_MS } from '../provider/rate-limit.js';
import type { Logger } from '../logger.js';
import { formatNumber } from '../text/format.js';
import type { Translate } from '../text/i18n.js';
import { showClockTime, showZone, type TimeReader } from '../text/presentation.js';

/** What went wrong with the provider, in the terms a staff member needs. */
export type Trouble =
  | 'auth'
  | 'rate-limited'
  /** The provider asked us to wait for longer than a person should wait in silence. */
  | 'waiting'
  /** A definite refusal of a read (400, 409, 422...): the provider's own words say why. */
  | 'refused'
  | 'unavailable'
  | 'bad-answer'
  /** The detail of another order came back: never shown. */
  | 'mismatch'
  | 'not-found'
  /** The person passed their provider reads per minute (velocity limits): nothing was asked of the provider. */
  | 'too-fast'
  /** The order was not sent: the database could not record it before the POST (its file full, read-only or gone). */
  | 'not-stored'
  | 'internal';

export function classifyTrouble(error: unknown): Trouble {
  if (error instanceof ReadPaceError) return 'too-fast';
  if (error instanceof OrderNotStoredError) return 'not-stored';
  if (error instanceof ProviderAuthError || error instanceof ProviderForbiddenError) return 'auth';
  if (error instanceof ProviderRateLimitedError) return error.retryAfterMs > INTERACTIVE_MAX_WAIT_MS ? 'waiting' : 'rate-limited';
  if (error instanceof ProviderServerError || error instanceof ProviderNetworkError) return 'unavailable';
  if (error instanceof ProviderOrderMismatchError) return 'mismatch';
  if (error instanceof ProviderResponseError) return 'bad-answer';
  if (error instanceof ProviderNotFoundError) return 'not-found';
  if (error instanceof ProviderConflictError || error instanceof ProviderRejectedError) return 'refused';
  return 'internal';
}

const TROUBLE_MESSAGE: Record<Trouble, string> = {
  auth: 'provider-auth',
  'rate-limited': 'provider-rate-limited',
  waiting: 'provider-waiting-unknown',
  refused: 'provider-refused-plain',
  unavailable: 'provider-unavailable',
  'bad-answer': 'provider-bad-answer',
  mismatch: 'provider-order-mismatch',
  // The provider answered: whatever was asked for is unknown to it, which waiting will not change.
  'not-found': 'provider-not-found',
  'too-fast': 'velocity-too-fast',
  'not-stored': 'order-not-stored',
  internal: 'provider-internal',
};

/** What makes the words precise: the error itself, the reader's locale for digits, and the zone times are shown in. */
export type TroubleDetail = TimeReader & { error: unknown };

/**
 * The trouble in plain words. With the error at hand, a wait says until when
 * and a refusal carries the provider's own message; without it, the general
 * wording of the same trouble.
 */
export function troubleMessage(t: Translate, trouble: Trouble, detail?: TroubleDetail): string {
  const error = detail?.error;
  if (trouble === 'waiting' && detail && error instanceof ProviderRateLimitedError && error.resumeAt !== null) {
    return t('provider-waiting', {
      time: showClockTime(detail, error.resumeAt),
      zone: showZone(detail),
      minutes: formatNumber(Math.max(1, Math.ceil(error.retryAfterMs / 60_000)), detail.locale),
    });
  }
  if (trouble === 'too-fast' && detail && error instanceof ReadPaceError) {
    return t('velocity-refused-reads', { cap: formatNumber(error.verdict.cap, detail.locale), seconds: formatNumber(error.secondsLeft, detail.locale) });
  }
  if (trouble === 'refused' && error instanceof ProviderError && error.providerMessage) {
    return t('provider-refused', { message: error.providerMessage });
  }
  return t(TROUBLE_MESSAGE[trouble]);
}

/**
 * Classifies a provider failure, logs it without secrets, and tells the
 * administrators when the provider answered with another order than the one
 * asked. A refused key or IP is announced where it pauses ordering
 * (orders/pause-on-refusal.ts), once, with the provider's own words.
 * Returns the trouble for the caller to show in plain words.
 */
export async function handleProviderTrouble(
  error: unknown,
  deps: { logger: Logger; alerts: AdminAlerts; translate: (locale: 'en' | 'fa') => Translate },
  context: string,
): Promise<Trouble> {
  const trouble = classifyTrouble(error);
  // Not the provider's: the order service logged the file and its cause.
  if (trouble === 'not-stored') return trouble;
  const cause = error instanceof ProviderError ? providerFailureFields(error) : { err: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  deps.logger.warn({ context, trouble, ...cause, reason: describeProviderFailure(error) }, 'provider call failed');
  if (error instanceof ProviderOrderMismatchError) await alertOrderMismatch(deps, error);
  return trouble;
}

import type { AdminAlerts } from '../alerts/admin-alerts.js';
import {
  ProviderAuthError,
  ProviderForbiddenError,
  ProviderNetworkError,
  ProviderNotFoundError,
  ProviderRateLimitedError,
  ProviderResponseError,
  ProviderServerError,
} from '../provider/errors.js';
import type { Logger } from '../logger.js';
import type { Translate } from './i18n.js';

/** What went wrong with the provider, in the terms a staff member needs. */
export type Trouble = 'auth' | 'rate-limited' | 'unavailable' | 'bad-answer' | 'not-found' | 'internal';

export function classifyTrouble(error: unknown): Trouble {
  if (error instanceof ProviderAuthError || error instanceof ProviderForbiddenError) return 'auth';
  if (error instanceof ProviderRateLimitedError) return 'rate-limited';
  if (error instanceof ProviderServerError || error instanceof ProviderNetworkError) return 'unavailable';
  if (error instanceof ProviderResponseError) return 'bad-answer';
  if (error instanceof ProviderNotFoundError) return 'not-found';
  return 'internal';
}

const TROUBLE_MESSAGE: Record<Trouble, string> = {
  auth: 'provider-auth',
  'rate-limited': 'provider-rate-limited',
  unavailable: 'provider-unavailable',
  'bad-answer': 'provider-bad-answer',
  'not-found': 'provider-unavailable',
  internal: 'provider-internal',
};

export function troubleMessage(t: Translate, trouble: Trouble): string {
  return t(TROUBLE_MESSAGE[trouble]);
}

/**
 * Classifies a provider failure, logs it without secrets, and tells the
 * administrators once when our key or IP is refused (nobody else can fix
 * that). Returns the trouble for the caller to show in plain words.
 */
export async function handleProviderTrouble(
  error: unknown,
  deps: { logger: Logger; alerts: AdminAlerts; translate: (locale: 'en' | 'fa') => Translate },
  context: string,
): Promise<Trouble> {
  const trouble = classifyTrouble(error);
  const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : null;
  const summary = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  deps.logger.warn({ context, trouble, status, err: summary }, 'provider call failed');
  if (trouble === 'auth') {
    await deps.alerts.alert('provider-auth', (locale) => deps.translate(locale)('provider-auth-alert', { status: String(status ?? '?') }));
  }
  return trouble;
}

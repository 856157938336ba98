import type { Locale, Translate } from '../text/i18n.js';
import type { ProviderOrderMismatchError } from '../provider/errors.js';
import { identityText } from '../provider/order-identity.js';
import type { AdminAlerts } from './admin-alerts.js';

/**
 * Tells administrators that the provider answered one order's detail with
 * another order: ids only, never anything of the detail. Once per order asked
 * for within the alert quiet time, whichever part of giftdesk saw it first.
 */
export function alertOrderMismatch(
  deps: { alerts: AdminAlerts; translate: (locale: Locale) => Translate },
  error: ProviderOrderMismatchError,
): Promise<void> {
  const asked = identityText(error.asked);
  const answered = identityText(error.answered);
  return deps.alerts.alert(`order-mismatch:${asked}`, (locale) => deps.translate(locale)('provider-order-mismatch-alert', { asked, answered }));
}

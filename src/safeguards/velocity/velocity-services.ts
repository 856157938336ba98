import type { AdminAlerts } from '../../alerts/admin-alerts.js';
import type { Clock } from '../../clock.js';
import type { Stores } from '../../db/stores.js';
import type { Logger } from '../../logger.js';
import type { Settings } from '../../settings/settings-view.js';
import type { Locale, Translate } from '../../text/i18n.js';
import { createVelocityGuard, type VelocityGuard } from './velocity-guard.js';
import { velocityAlertText } from './velocity-texts.js';

/**
 * One alert per person in this time, whichever limit refused them: a loop of
 * attempts is one alert, not one each, and one attempt refused by two limits
 * (its Confirm and its provider reads) is one alert too.
 */
const REFUSAL_ALERT_QUIET_MS = 60 * 60_000;

/**
 * The velocity limits as the app composes them: counted in the stores,
 * capped by the administrators' settings, and every refusal logged,
 * audited and told to administrators.
 */
export function createVelocityService(deps: {
  stores: Pick<Stores, 'velocity' | 'auditTrail'>;
  settings: Settings;
  alerts: Pick<AdminAlerts, 'alert'>;
  translate: (locale: Locale) => Translate;
  describePerson: (id: number) => string;
  clock: Clock;
  logger: Logger;
}): VelocityGuard {
  const { stores, alerts, translate, describePerson, logger } = deps;
  return createVelocityGuard({
    store: stores.velocity,
    settings: deps.settings,
    clock: deps.clock,
    async onRefused({ personId, verdict }) {
      logger.warn({ personId, limit: verdict.kind, cap: verdict.cap }, 'refused by a velocity limit');
      await stores.auditTrail
        .record({ actorId: personId, action: 'velocity.refused', orderId: null, amount: null, facts: { limit: verdict.kind, cap: verdict.cap } })
        .catch((error: unknown) => logger.error({ err: error instanceof Error ? error.name : String(error) }, 'could not audit a velocity refusal'));
      await alerts.alert(`velocity:${personId}`, (locale) => velocityAlertText(translate(locale), locale, describePerson(personId), verdict), {
        quietMs: REFUSAL_ALERT_QUIET_MS,
      });
    },
  });
}

import type { AdminAlerts } from '../../alerts/admin-alerts.js';
import type { Clock } from '../../clock.js';
import type { Stores } from '../../db/stores.js';
import type { Logger } from '../../logger.js';
import type { ListedSetting } from '../../settings/settings-registry.js';
import type { Settings } from '../../settings/settings-view.js';
import type { Locale, Translate } from '../../text/i18n.js';
import { readHoldUntil } from '../dual-control/dual-control.js';
import { createSecretBox, parseStepUpKey } from './secret-box.js';
import { createStepUp, STEP_UP_LOCK_MS, type StepUp } from './step-up.js';
import type { OrderStepUp } from './order-step-up.js';
import { showAmount, type Presentation, showDateTimeWithZone } from '../../text/presentation.js';

/**
 * Step-up as the app composes it: the secrets sealed with STEP_UP_KEY (none:
 * nobody enrols and it cannot be turned on), administrators read from the
 * database when an enrolment needs approving, and a lock alerted to them.
 */
export function createStepUpService(deps: {
  stepUpKey: string | undefined;
  stores: Pick<Stores, 'stepUp' | 'staff' | 'auditTrail' | 'appState'>;
  settings: Pick<Settings, 'read' | 'write'>;
  alerts: AdminAlerts;
  translate: (locale: Locale) => Translate;
  describePerson: (id: number) => string;
  /** The deployment's zone, which a lock's end is shown in. */
  presentation: Pick<Presentation, 'timeZone'>;
  clock: Clock;
  logger: Logger;
}): StepUp {
  const key = parseStepUpKey(deps.stepUpKey);
  const stepUp = createStepUp({
    store: deps.stores.stepUp,
    box: key && createSecretBox(key),
    settings: deps.settings,
    audit: deps.stores.auditTrail,
    adminIds: async () => (await deps.stores.staff.list()).filter((m) => m.role === 'admin').map((m) => m.telegramId),
    holdUntil: () => readHoldUntil(deps.stores.appState),
    onLocked: (personId, until) =>
      deps.alerts.alert(
        `step-up-locked:${personId}`,
        (locale) => deps.translate(locale)('step-up-locked-alert', { person: deps.describePerson(personId), when: showDateTimeWithZone({ locale, timeZone: deps.presentation.timeZone }, until) }),
        // The locked person reads her own lock message where she typed the code, not the alert that suggests removing her.
        { quietMs: STEP_UP_LOCK_MS, about: personId },
      ),
    clock: deps.clock,
    logger: deps.logger,
  });
  // Fails closed (every guarded action refused) rather than open: said once at start so the operator knows why.
  if (stepUp.enabled() && !stepUp.available) deps.logger.warn('step-up is on but STEP_UP_KEY is not set: every action that needs a code is refused until it is');
  return stepUp;
}

/** Step-up as /settings lists it. */
export const stepUpSettingEntry = (stepUp: Pick<StepUp, 'enabled' | 'available'>): ListedSetting => ({
  labelKey: 'settings-step-up',
  show: ({ t }) => t(stepUp.enabled() ? 'step-up-state-on' : stepUp.available ? 'step-up-state-off' : 'step-up-state-no-key'),
  how: ({ t }) => t('settings-step-up-how'),
});

/** The order amount above which a code is asked, as /settings lists it. */
export const stepUpOrdersSettingEntry = (orders: Pick<OrderStepUp, 'above'>): ListedSetting => ({
  labelKey: 'settings-step-up-orders',
  show: (v) => {
    const above = orders.above();
    return above === null ? v.t('step-up-orders-none') : v.t('step-up-orders-above', { amount: showAmount(v, above) });
  },
  how: ({ t }) => t('settings-step-up-orders-how'),
});

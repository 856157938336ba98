import type { CommandMenus } from '../bot/commands.js';
import type { DualControlFeatureDeps } from '../bot/features/dual-control.js';
import type { StepUpGate } from '../bot/step-up-gate.js';
import type { TellPerson } from '../bot/tell-person.js';
import type { Logger } from '../logger.js';
import type { Locale } from '../text/i18n.js';
import { plain } from '../text/formatted.js';
import type { DualTextContext } from '../safeguards/dual-control/dual-control-announcer.js';
import type { Services } from './services.js';

/**
 * Dual control as the commands that change privileged things share it
 * (/dual's cards, /staff, /limits, /velocity, /stepup, /approvals): one
 * set of deps, so that a change held for a second administrator reads and
 * applies the same whichever command asked for it.
 */
export function wireDualControl(deps: {
  services: Pick<Services, 'dualControl' | 'dualControlAnnouncer' | 'spendingRules' | 'staff' | 'describePerson'>;
  /** How a card and its news read in one administrator's language. */
  texts: (locale: Locale) => DualTextContext;
  menus: Pick<CommandMenus, 'show'>;
  tellPerson: TellPerson;
  stepUp?: Pick<StepUpGate, 'require' | 'requirePrivately' | 'onCode'>;
  logger: Logger;
}): DualControlFeatureDeps {
  const { services, menus, tellPerson, logger } = deps;
  const { describePerson } = services;
  return {
    dual: services.dualControl,
    announcer: services.dualControlAnnouncer,
    texts: deps.texts,
    teamDefault: (rule) => services.spendingRules.defaults()[rule],
    ...(deps.stepUp ? { stepUp: deps.stepUp } : {}),
    // A confirmed new administrator gets the administrators' menu and the news, as /staff gives them when immediate.
    onApplied: async ({ change, requesterId }) => {
      if (change.kind !== 'role') return;
      await menus.show({ telegramId: change.personId, role: change.role, locale: (await services.staff.find(change.personId))?.locale ?? null });
      await tellPerson(change.personId, (t) =>
        plain(`${t(change.verb === 'add' ? 'staff-you-were-added' : 'staff-your-role-changed', { by: describePerson(requesterId), role: t('staff-role-admin') })}\n${t('staff-you-can-admin')}`),
      );
    },
    logger,
  };
}

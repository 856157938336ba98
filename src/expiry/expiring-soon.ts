import type { Clock } from '../clock.js';
import type { Settings } from '../settings/settings-view.js';
import type { LocalPeriods } from '../text/local-periods.js';
import type { CodeExpiryStore } from '../db/code-expiry-store.js';
import { DIGEST_EXPIRY_DAYS, expiringHorizon } from './expiry-days.js';
import { EXPIRY_REMIND_DAYS } from './expiry-settings.js';

/** Cards not handed over that still work and whose last day is at most so many local days away; `lastDay` is a moment of that day. */
interface ExpiringSoon {
  count: number;
  lastDay: number;
}

/**
 * What the digest says of codes about to lapse: counted over the reminder
 * setting's days, the cards reminded today or before, so the two agree;
 * over a week while reminders are off, when the digest is the only word
 * anyone gets of them.
 */
export function createExpiringSoon(deps: { store: Pick<CodeExpiryStore, 'countExpiring'>; settings: Pick<Settings, 'read'>; periods: LocalPeriods; clock: Clock }) {
  return async (): Promise<ExpiringSoon> => {
    const now = deps.clock.now();
    const days = deps.settings.read(EXPIRY_REMIND_DAYS) ?? DIGEST_EXPIRY_DAYS;
    const horizon = expiringHorizon(now, days, deps.periods);
    return { count: await deps.store.countExpiring({ now, horizon }), lastDay: horizon - 1 };
  };
}

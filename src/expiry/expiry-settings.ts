import { z } from 'zod';
import type { ListedSetting } from '../settings/settings-registry.js';
import { defineSetting } from '../db/settings-store.js';
import type { Settings } from '../settings/settings-view.js';
import { formatNumber } from '../text/format.js';
import { showZone } from '../text/presentation.js';

/** A year: the longest a card is commonly valid, so a longer notice would remind on the day of delivery. */
export const MAX_REMIND_DAYS = 365;

/**
 * How many local days before a delivered code expires its orderer is
 * reminded, once, unless they marked it handed over; null: no reminders.
 * Off by default: whether staff want the message is the administrators'
 * call, and a provider that writes no expiry makes it moot.
 */
export const EXPIRY_REMIND_DAYS = defineSetting('expiry.remind-days', z.number().int().min(1).max(MAX_REMIND_DAYS).nullable(), null);

/** The setting as /settings lists it. */
export function expirySettings(settings: Pick<Settings, 'read'>): ListedSetting {
  return {
    labelKey: 'settings-expiry-remind',
    show: (v) => {
      const days = settings.read(EXPIRY_REMIND_DAYS);
      return days === null ? v.t('settings-off') : v.t('expiry-days', { days: formatNumber(days, v.locale), zone: showZone(v) });
    },
    how: ({ t }) => t('settings-expiry-remind-how'),
  };
}

import { z } from 'zod';
import { defineSetting } from '../db/settings-store.js';
import { DEFAULT_CASE_OVERDUE_DAYS } from '../domain/code-cases.js';
import type { ListedSetting } from '../settings/settings-registry.js';
import type { Settings } from '../settings/settings-view.js';
import { formatNumber } from '../text/format.js';

/** The most days an administrator can set: a year. */
export const MAX_CASE_OVERDUE_DAYS = 365;

/** After how many days an open case is listed among the statement's exceptions (changed with /cases overdue). */
export const caseOverdueDaysSetting = defineSetting('cases.overdue-days', z.number().int().min(1).max(MAX_CASE_OVERDUE_DAYS), DEFAULT_CASE_OVERDUE_DAYS);

export function caseOverdueSetting(settings: Pick<Settings, 'read'>): ListedSetting {
  return {
    labelKey: 'settings-cases-overdue',
    show: ({ t, locale }) => t('settings-cases-overdue-value', { days: formatNumber(settings.read(caseOverdueDaysSetting), locale) }),
    how: ({ t }) => t('settings-cases-overdue-how'),
  };
}

import { z } from 'zod';
import { defineSetting } from '../db/settings-store.js';
import type { ListedSetting } from '../settings/settings-registry.js';
import type { Settings } from '../settings/settings-view.js';

/** What an order that would take its cost centre over the month's budget meets: an administrator's approval, or a refusal. */
export const BUDGET_OVER_MODES = ['approve', 'refuse'] as const;
export type BudgetOverMode = (typeof BUDGET_OVER_MODES)[number];

/** Approval by default: an over-budget order still reaches someone who can say yes, as the approval threshold does. */
export const BUDGET_OVER = defineSetting('budgets.over', z.enum(BUDGET_OVER_MODES), 'approve');

/** The setting as /settings lists it. */
export function budgetOverSetting(settings: Pick<Settings, 'read'>): ListedSetting {
  return {
    labelKey: 'settings-budgets-over',
    show: ({ t }) => t(`budgets-over-${settings.read(BUDGET_OVER)}`),
    how: ({ t }) => t('settings-budgets-over-how'),
  };
}

import type { ListedSetting } from '../settings/settings-registry.js';
import { formatAmount } from '../text/format.js';
import { SPENDING_RULE_KINDS, type SpendingRuleBook } from './spending-rules.js';

/** The team defaults as /settings lists them; per-person values are /limits' to show. */
export function spendingSettings(rules: Pick<SpendingRuleBook, 'defaults'>): ListedSetting[] {
  return SPENDING_RULE_KINDS.map((kind) => ({
    labelKey: `settings-spending-${kind}`,
    show: ({ t, locale, amountUnit }) => {
      const value = rules.defaults()[kind];
      return value === null ? t('settings-off') : formatAmount(value, locale, amountUnit);
    },
    how: ({ t }) => t('settings-spending-how', { kind }),
  }));
}

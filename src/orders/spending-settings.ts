import type { ListedSetting } from '../settings/settings-registry.js';
import { SPENDING_RULE_KINDS, type SpendingRuleBook } from './spending-rules.js';
import { showAmount } from '../text/presentation.js';

/** The team defaults as /settings lists them; per-person values are /limits' to show. */
export function spendingSettings(rules: Pick<SpendingRuleBook, 'defaults'>): ListedSetting[] {
  return SPENDING_RULE_KINDS.map((kind) => ({
    labelKey: `settings-spending-${kind}`,
    show: (v) => {
      const value = rules.defaults()[kind];
      return value === null ? v.t('settings-off') : showAmount(v, value);
    },
    how: ({ t }) => t('settings-spending-how', { kind }),
  }));
}

import type { Json } from '../../db/json.js';
import type { AuditFacts } from '../../db/audit-log.js';
import { clipName, type DescribePerson } from '../describe-person.js';
import { formatNumber } from '../../text/format.js';
import { showAmount, type ReaderView } from '../../text/presentation.js';

type SettingView = Pick<ReaderView, 't' | 'locale' | 'amountUnit'> & { describePerson: DescribePerson };

const SPENDING = /^spending\.(order|day|month|approval)\.(?:default|person\.(\d{1,16}))$/;

/**
 * A setting's change in words, from the key and the two values the store
 * recorded. Each setting's values mean what its feature says: an amount,
 * an hour, on or off; null is "off" or "no limit", never the word null.
 */
export function settingWords(v: SettingView, facts: AuditFacts): string | null {
  const key = typeof facts['setting'] === 'string' ? facts['setting'] : null;
  if (key === null) return null;
  const before = facts['before'] ?? null;
  const after = facts['after'] ?? null;
  const amountOr = (value: Json, none: string) => (typeof value === 'number' ? showAmount(v, value) : v.t(none));

  const spending = SPENDING.exec(key);
  if (spending) {
    const kind = spending[1]!;
    const limit = v.t(`audit-limit-${kind}`);
    if (spending[2] === undefined) {
      const args = { limit, value: amountOr(after, 'audit-limit-none'), before: amountOr(before, 'audit-limit-none') };
      return v.t(after === null ? 'audit-setting-team-limit-off' : 'audit-setting-team-limit', args);
    }
    // A person's own value is { value } (null inside: no limit for them); null outside: the team default applies.
    const inner = (value: Json): Json | undefined => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value['value'] ?? null) : undefined);
    const own = (value: Json) => {
      const set = inner(value);
      return set === undefined ? v.t('audit-value-team-default') : amountOr(set, 'audit-limit-none');
    };
    const person = v.describePerson(Number(spending[2]));
    const key = inner(after) === undefined ? 'audit-setting-person-limit-default' : inner(after) === null ? 'audit-setting-person-limit-off' : 'audit-setting-person-limit';
    return v.t(key, { person, limit, value: own(after), before: own(before) });
  }
  if (key === 'runway.alert-days') {
    const days = (value: Json) => (typeof value === 'number' ? v.t('runway-days', { count: value, days: formatNumber(value, v.locale) }) : v.t('settings-off'));
    return v.t('audit-setting-runway', { value: days(after), before: days(before) });
  }
  if (key === 'low-balance.threshold') return v.t('audit-setting-low-balance', { value: amountOr(after, 'settings-off'), before: amountOr(before, 'settings-off') });
  if (key === 'digest.hour') {
    const hour = (value: Json) => (typeof value === 'number' ? v.t('audit-value-hour', { hour: formatNumber(value, v.locale).padStart(2, v.locale === 'fa' ? '۰' : '0') }) : v.t('settings-off'));
    return v.t('audit-setting-digest', { value: hour(after), before: hour(before) });
  }
  if (key === 'codes.remove-after-hours' || key === 'answers.kept-days') {
    const codes = key === 'codes.remove-after-hours';
    // The days are kept as { days }: see ANSWERS_KEPT_DAYS.
    const unwrap = (value: Json): Json => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value['days'] ?? null) : value);
    const words = (wrapped: Json) => {
      const value = codes ? wrapped : unwrap(wrapped);
      return typeof value === 'number'
        ? v.t(codes ? 'retention-hours' : 'retention-days', codes ? { hours: formatNumber(value, v.locale) } : { days: formatNumber(value, v.locale) })
        : v.t(codes ? 'settings-off' : 'retention-forever');
    };
    return v.t(codes ? 'audit-setting-codes-removal' : 'audit-setting-answers-kept', { value: words(after), before: words(before) });
  }
  if (key === 'expiry.remind-days') {
    const days = (value: Json) => (typeof value === 'number' ? v.t('retention-days', { days: formatNumber(value, v.locale) }) : v.t('settings-off'));
    return v.t('audit-setting-expiry-remind', { value: days(after), before: days(before) });
  }
  if (key === 'step-up.enabled') return v.t(after === true ? 'audit-setting-step-up-on' : 'audit-setting-step-up-off');
  if (key === 'catalog.new-hidden') return v.t(after === true ? 'audit-setting-new-products-hidden' : 'audit-setting-new-products-shown');
  if (key === 'cost-centres.mode') {
    const mode = (value: Json) => (typeof value === 'string' && ['off', 'optional', 'required'].includes(value) ? v.t(`cost-centres-mode-${value}`) : v.t('cost-centres-mode-off'));
    return v.t('audit-setting-cost-centres', { value: mode(after), before: mode(before) });
  }
  if (key === 'budgets.over') {
    const mode = (value: Json) => v.t(value === 'refuse' ? 'budgets-over-refuse' : 'budgets-over-approve');
    return v.t('audit-setting-budgets-over', { value: mode(after), before: mode(before) });
  }
  if (key === 'strangers.reply') return v.t(after === false ? 'audit-setting-strangers-silent' : 'audit-setting-strangers-reply');
  if (key === 'feed.orders') return v.t(after === true ? 'audit-setting-feed-on' : 'audit-setting-feed-off');
  const shown = (value: Json) => (value === null ? v.t('settings-off') : clipName(typeof value === 'string' ? value : JSON.stringify(value), 40));
  return v.t('audit-setting-other', { setting: clipName(key.replace(/[._-]+/g, ' '), 40), value: shown(after), before: shown(before) });
}

import type { ListedSetting } from '../../settings/settings-registry.js';
import { formatNumber } from '../../text/format.js';
import { showDateTimeWithZone, type ReaderView } from '../../text/presentation.js';
import type { Locale, Translate } from '../../text/i18n.js';
import { VELOCITY_KINDS, type VelocityGuard, type VelocityVerdict } from './velocity-guard.js';

type Refused = Extract<VelocityVerdict, { ok: false }>;

/** What the refused person reads: which limit, and when it frees. */
export function velocityRefusalText(v: Pick<ReaderView, 't' | 'locale' | 'timeZone'>, verdict: Refused): string {
  return v.t(`velocity-refused-${verdict.kind}`, {
    cap: formatNumber(verdict.cap, v.locale),
    when: verdict.freesAt === null ? '' : showDateTimeWithZone(v, verdict.freesAt),
  });
}

/** What administrators read: who was refused and which limit they hit. */
export function velocityAlertText(t: Translate, locale: Locale, person: string, verdict: Refused): string {
  return t('velocity-alert', { person, what: t(`velocity-what-${verdict.kind}`, { cap: formatNumber(verdict.cap, locale) }) });
}

/** The four limits as /settings lists them. */
export function velocitySettings(guard: Pick<VelocityGuard, 'cap'>): ListedSetting[] {
  return VELOCITY_KINDS.map((kind) => ({
    labelKey: `settings-velocity-${kind}`,
    show: ({ t, locale }) => {
      const value = guard.cap(kind);
      return value === null ? t('settings-off') : formatNumber(value, locale);
    },
    how: ({ t }) => t('settings-velocity-how', { kind }),
  }));
}

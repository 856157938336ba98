import { z } from 'zod';
import type { ListedSetting } from '../../settings/settings-registry.js';
import { defineSetting } from '../../db/settings-store.js';
import type { Settings } from '../../settings/settings-view.js';
import { formatNumber } from '../../text/format.js';

/** Telegram lets a bot delete its own messages for 48 hours: a later removal could not always be done. */
export const MAX_CODE_HOURS = 47;

/** Hours after which a message carrying codes leaves the chat; null: it stays. Off by default: the change is the administrators' to make. */
export const CODES_REMOVE_AFTER_HOURS = defineSetting('codes.remove-after-hours', z.number().int().min(1).max(MAX_CODE_HOURS).nullable(), null);

/** Longest retention administrators may set: ten years. */
export const MAX_ANSWER_DAYS = 3650;

/**
 * Days after an order settled that its end customer's answers (e-mails,
 * phone numbers, player ids) are kept; null: kept for good. 180 by
 * default: long enough for every dispute with the provider or the end
 * customer seen in practice (they come within weeks), short enough that
 * a stolen database or backup no longer holds years of personal data.
 */
export const ANSWERS_KEPT_DAYS = defineSetting('answers.kept-days', z.object({ days: z.number().int().min(1).max(MAX_ANSWER_DAYS).nullable() }), { days: 180 });
// Wrapped in an object: a stored null reads as "never set", which would bring the 180 days back instead of keeping answers for good.

/** The days answers are kept; null: for good. */
export const answersKeptDays = (settings: Pick<Settings, 'read'>): number | null => settings.read(ANSWERS_KEPT_DAYS).days;

/** The two settings as /settings lists them. */
export function retentionSettings(settings: Pick<Settings, 'read'>): ListedSetting[] {
  return [
    {
      labelKey: 'settings-codes-removal',
      show: ({ t, locale }) => {
        const hours = settings.read(CODES_REMOVE_AFTER_HOURS);
        return hours === null ? t('settings-off') : t('retention-hours', { hours: formatNumber(hours, locale) });
      },
      how: ({ t }) => t('settings-codes-removal-how'),
    },
    {
      labelKey: 'settings-answers-kept',
      show: ({ t, locale }) => {
        const days = answersKeptDays(settings);
        return days === null ? t('retention-forever') : t('retention-days', { days: formatNumber(days, locale) });
      },
      how: ({ t }) => t('settings-answers-kept-how'),
    },
  ];
}

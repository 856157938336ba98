import { Composer } from 'grammy';
import type { Logger } from '../../logger.js';
import { ANSWERS_KEPT_DAYS, answersKeptDays, CODES_REMOVE_AFTER_HOURS, MAX_ANSWER_DAYS, MAX_CODE_HOURS } from '../../safeguards/retention/retention-settings.js';
import type { Settings } from '../../settings/settings-view.js';
import { formatNumber } from '../../text/format.js';
import type { BaseContext } from '../context.js';
import { adminsOnly } from '../middleware/admins-only.js';

/** A whole number written with Latin or Persian digits. */
function parseWhole(word: string): number | null {
  const latin = word.replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0)).replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  return /^\d{1,6}$/.test(latin) ? Number(latin) : null;
}

/**
 * /retention                       both settings now
 * /retention codes <hours|off>     take delivered codes out of the chats after this many hours (1 to 47)
 * /retention answers <days|off>    erase end customers' answers this many days after an order settled
 * Administrators only; every change is audited by the settings store.
 */
export function retentionFeature(deps: { settings: Settings; logger: Logger }) {
  const composer = new Composer<BaseContext>();
  composer.command('retention', adminsOnly, async (ctx) => {
    const locale = ctx.member.locale;
    const n = (value: number) => formatNumber(value, locale);
    const codesNow = () => {
      const hours = deps.settings.read(CODES_REMOVE_AFTER_HOURS);
      return hours === null ? ctx.t('retention-codes-off') : ctx.t('retention-codes-set', { hours: n(hours) });
    };
    const answersNow = () => {
      const days = answersKeptDays(deps.settings);
      return days === null ? ctx.t('retention-answers-off') : ctx.t('retention-answers-set', { days: n(days) });
    };
    const usage = ctx.t('retention-usage', { maxHours: n(MAX_CODE_HOURS), maxDays: n(MAX_ANSWER_DAYS) });
    const words = ctx.match.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) return ctx.reply(`${codesNow()}\n${answersNow()}\n\n${usage}`);
    const [which, value] = [words[0]!.toLowerCase(), words[1]?.toLowerCase()];
    if (words.length !== 2 || (which !== 'codes' && which !== 'answers') || value === undefined) return ctx.reply(usage);
    const max = which === 'codes' ? MAX_CODE_HOURS : MAX_ANSWER_DAYS;
    const number = value === 'off' ? null : parseWhole(value);
    if (value !== 'off' && (number === null || number < 1 || number > max)) {
      return ctx.reply(`${ctx.t('retention-bad-value', { value: value.slice(0, 16), max: n(max) })}\n${usage}`);
    }
    const change =
      which === 'codes'
        ? await deps.settings.write(CODES_REMOVE_AFTER_HOURS, number, ctx.member.telegramId)
        : await deps.settings.write(ANSWERS_KEPT_DAYS, { days: number }, ctx.member.telegramId);
    deps.logger.info({ actorId: ctx.member.telegramId, setting: which, value: number }, 'retention setting changed');
    const now = which === 'codes' ? codesNow() : answersNow();
    return ctx.reply(change.changed ? now : `${ctx.t('limits-unchanged')}\n${now}`);
  });
  return composer;
}

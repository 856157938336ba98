import { Composer } from 'grammy';
import { runwayRearmDays, type RunwayWatch } from '../../alerts/runway-alert.js';
import type { Logger } from '../../logger.js';
import type { ProviderFor } from '../../safeguards/velocity/read-pace.js';
import type { RunwayReader } from '../../runway/runway-reader.js';
import { runwayDays, runwayText } from '../../runway/runway-text.js';
import { clip } from '../../text/clip.js';
import { normaliseDigits } from '../../text/digits.js';
import type { BaseContext } from '../context.js';
import { readersOnly } from '../middleware/roles.js';
import { readerView } from '../reader-view.js';
import type { Trouble, TroubleDetail } from '../provider-trouble.js';
import type { Translate } from '../../text/i18n.js';

/**
 * /runway                   how long the wallet lasts at the recent pace, and the alert's setting
 * /runway alert <days|off>  (administrators) tell administrators when it falls under that many days
 */
export function runwayFeature(deps: {
  providerFor: ProviderFor<'getBalance'>;
  reader: RunwayReader;
  watch: Pick<RunwayWatch, 'threshold' | 'setThreshold'>;
  onProviderTrouble: (error: unknown, context: string) => Promise<Trouble>;
  troubleText: (t: Translate, trouble: Trouble, detail?: TroubleDetail) => string;
  logger: Logger;
}) {
  const composer = new Composer<BaseContext>();
  composer.command('runway', readersOnly, async (ctx) => {
    const v = readerView(ctx);
    const describe = (value: number | null) =>
      value === null ? ctx.t('runway-alert-off') : ctx.t('runway-alert-set', { days: runwayDays(v, value), rearm: runwayDays(v, runwayRearmDays(value)) });
    const words = ctx.match.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) {
      try {
        const { balance } = await deps.providerFor(ctx.member.telegramId).getBalance({ priority: 'interactive' });
        const runway = await deps.reader.of(balance);
        return ctx.reply([runway === null ? ctx.t('runway-not-known') : runwayText(v, runway), describe(deps.watch.threshold()), ctx.t('runway-usage')].join('\n'));
      } catch (error) {
        const trouble = await deps.onProviderTrouble(error, 'runway');
        return ctx.reply(deps.troubleText(ctx.t, trouble, { ...v, error }));
      }
    }
    if (ctx.member.role !== 'admin') return ctx.reply(ctx.t('admin-only'));
    const value = words[1]?.toLowerCase();
    const days = value !== undefined && /^\d{1,3}$/.test(normaliseDigits(value)) ? Number(normaliseDigits(value)) : null;
    if (words[0]!.toLowerCase() !== 'alert') return ctx.reply(ctx.t('runway-usage'));
    if (words.length !== 2 || (value !== 'off' && (days === null || days < 1 || days > 365))) {
      return ctx.reply(`${ctx.t('runway-bad-days', { value: clip(words.slice(1).join(' '), 32) })}\n${ctx.t('runway-usage')}`);
    }
    const change = await deps.watch.setThreshold(value === 'off' ? null : days, ctx.member.telegramId);
    deps.logger.info({ actorId: ctx.member.telegramId, days: change.after }, 'runway alert set');
    return ctx.reply(change.changed ? describe(change.after) : `${ctx.t('limits-unchanged')}\n${describe(change.after)}`);
  });
  return composer;
}

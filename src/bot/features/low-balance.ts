import { Composer } from 'grammy';
import { LOW_BALANCE_MARGIN, type LowBalanceWatch } from '../../alerts/low-balance.js';
import type { Logger } from '../../logger.js';
import { parseAmountInput } from '../../text/amount-input.js';
import type { BaseContext } from '../context.js';
import { adminsOnly } from '../middleware/admins-only.js';
import { showAmount } from '../../text/presentation.js';
import { readerView } from '../reader-view.js';

/**
 * /lowbalance            the threshold now
 * /lowbalance <amount>   tell administrators when the wallet falls below it
 * /lowbalance off        no alert
 */
export function lowBalanceFeature(deps: { watch: Pick<LowBalanceWatch, 'threshold' | 'setThreshold'>; logger: Logger }) {
  const composer = new Composer<BaseContext>();
  composer.command('lowbalance', adminsOnly, async (ctx) => {
    const money = (value: number) => showAmount(readerView(ctx), value);
    const describe = (value: number | null) =>
      value === null ? ctx.t('low-balance-off') : ctx.t('low-balance-set', { value: money(value), rearm: money(Math.ceil(value * (1 + LOW_BALANCE_MARGIN))) });
    const words = ctx.match.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) {
      const threshold = deps.watch.threshold();
      return ctx.reply(`${ctx.t('low-balance-now', { value: threshold === null ? ctx.t('settings-off') : money(threshold) })}\n${ctx.t('low-balance-usage')}`);
    }
    const word = words[0]!;
    const off = words.length === 1 && word.toLowerCase() === 'off';
    const value = off ? null : words.length === 1 ? parseAmountInput(word) : null;
    // Zero would never alert: the balance cannot fall below it.
    if (!off && (value === null || value === 0)) {
      return ctx.reply(`${ctx.t('limits-bad-amount', { value: words.join(' ').slice(0, 32), orDefault: '' })}\n${ctx.t('low-balance-usage')}`);
    }
    const change = await deps.watch.setThreshold(value, ctx.member.telegramId);
    deps.logger.info({ actorId: ctx.member.telegramId, threshold: value }, 'low-balance threshold set');
    return ctx.reply(change.changed ? describe(change.after) : `${ctx.t('limits-unchanged')}\n${describe(change.after)}`);
  });
  return composer;
}

import { Composer } from 'grammy';
import { largeCreditSetting, pauseOnForeignDebitSetting } from '../../ledger/wallet-watch-settings.js';
import type { Settings } from '../../settings/settings-view.js';
import { parseAmountInput } from '../../text/amount-input.js';
import type { BaseContext } from '../context.js';
import { adminsOnly } from '../middleware/admins-only.js';

/**
 * /walletwatch pause on|off     whether a debit giftdesk did not place also pauses ordering
 * /walletwatch credit <amount>|off   a credit from this amount that is no refund is news
 * Administrators only; each change is audited by the settings store.
 */
export function walletWatchFeature(deps: { settings: Settings }) {
  const composer = new Composer<BaseContext>();
  composer.command('walletwatch', adminsOnly, async (ctx) => {
    const [what, value = ''] = ctx.match.trim().toLowerCase().split(/\s+/);
    const actor = ctx.member.telegramId;
    if (what === 'pause' && (value === 'on' || value === 'off')) {
      await deps.settings.write(pauseOnForeignDebitSetting, value === 'on', actor);
      return void (await ctx.reply(ctx.t('walletwatch-done')));
    }
    if (what === 'credit' && value !== '') {
      if (value === 'off') {
        await deps.settings.write(largeCreditSetting, null, actor);
        return void (await ctx.reply(ctx.t('walletwatch-done')));
      }
      const amount = parseAmountInput(value);
      if (amount === null || amount <= 0) return void (await ctx.reply(ctx.t('walletwatch-bad-amount', { value: value.slice(0, 32) })));
      await deps.settings.write(largeCreditSetting, amount, actor);
      return void (await ctx.reply(ctx.t('walletwatch-done')));
    }
    await ctx.reply(ctx.t('walletwatch-usage'));
  });
  return composer;
}

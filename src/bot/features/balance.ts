import { Composer } from 'grammy';
import type { ProviderClient } from '../../provider/client.js';
import type { BaseContext } from '../context.js';
import { formatAmount } from '../format.js';
import type { Trouble, TroubleDetail } from '../provider-trouble.js';
import type { Translate } from '../i18n.js';

export function balanceFeature(deps: {
  provider: Pick<ProviderClient, 'getBalance'>;
  amountUnit: string;
  onProviderTrouble: (error: unknown, context: string) => Promise<Trouble>;
  troubleText: (t: Translate, trouble: Trouble, detail?: TroubleDetail) => string;
}) {
  const composer = new Composer<BaseContext>();
  composer.command('balance', async (ctx) => {
    await ctx.replyWithChatAction('typing').catch(() => undefined);
    try {
      const { balance } = await deps.provider.getBalance({ priority: 'interactive' });
      await ctx.reply(ctx.t('balance-line', { amount: formatAmount(balance, ctx.member.locale, deps.amountUnit) }));
    } catch (error) {
      const trouble = await deps.onProviderTrouble(error, 'balance');
      await ctx.reply(deps.troubleText(ctx.t, trouble, { error, locale: ctx.member.locale }));
    }
  });
  return composer;
}

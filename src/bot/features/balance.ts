import { Composer } from 'grammy';
import type { OrderingPause } from '../../orders/ordering-pause.js';
import type { ProviderClient } from '../../provider/client.js';
import type { BaseContext } from '../context.js';
import { formatAmount, type AmountUnit } from '../../text/format.js';
import type { Trouble, TroubleDetail } from '../provider-trouble.js';
import type { Translate } from '../../text/i18n.js';
import { pauseStatusText } from '../ordering-pause-text.js';

export function balanceFeature(deps: {
  provider: Pick<ProviderClient, 'getBalance'>;
  onProviderTrouble: (error: unknown, context: string) => Promise<Trouble>;
  troubleText: (t: Translate, trouble: Trouble, detail?: TroubleDetail) => string;
  orderingPaused: () => Promise<OrderingPause | null>;
}) {
  const composer = new Composer<BaseContext>();
  // Whoever checks the money also learns that none of it can be spent right now.
  const withPause = async (ctx: BaseContext, text: string): Promise<string> => {
    const pause = await deps.orderingPaused();
    const badged = ctx.presentation.sandbox ? `${ctx.t('sandbox-badge')}\n${text}` : text;
    return pause ? `${badged}\n\n${pauseStatusText(ctx.t, ctx.member.locale, ctx.presentation.timeZone, pause)}` : badged;
  };
  composer.command('balance', async (ctx) => {
    await ctx.replyWithChatAction('typing').catch(() => undefined);
    try {
      const { balance } = await deps.provider.getBalance({ priority: 'interactive' });
      await ctx.reply(await withPause(ctx, ctx.t('balance-line', { amount: formatAmount(balance, ctx.member.locale, ctx.presentation.amountUnit) })));
    } catch (error) {
      const trouble = await deps.onProviderTrouble(error, 'balance');
      await ctx.reply(await withPause(ctx, deps.troubleText(ctx.t, trouble, { error, locale: ctx.member.locale, timeZone: ctx.presentation.timeZone })));
    }
  });
  return composer;
}

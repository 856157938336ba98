import { Composer } from 'grammy';
import type { OrderingPause } from '../../db/ordering-pause-store.js';
import type { ProviderFor } from '../../safeguards/velocity/read-pace.js';
import type { BaseContext } from '../context.js';
import { formatNumber } from '../../text/format.js';
import { readsEveryone } from '../middleware/roles.js';
import type { Trouble, TroubleDetail } from '../provider-trouble.js';
import type { Translate } from '../../text/i18n.js';
import { pauseStatusText } from '../ordering-pause-text.js';
import { showAmount } from '../../text/presentation.js';
import { readerView } from '../reader-view.js';
import type { Runway } from '../../runway/forecast.js';
import { runwayLine } from '../../runway/runway-text.js';

export function balanceFeature(deps: {
  providerFor: ProviderFor<'getBalance'>;
  onProviderTrouble: (error: unknown, context: string) => Promise<Trouble>;
  troubleText: (t: Translate, trouble: Trouble, detail?: TroubleDetail) => string;
  orderingPaused: () => Promise<OrderingPause | null>;
  /** Exceptions in this month's wallet statement, shown to those who read it (administrators and viewers); absent, never. */
  walletExceptions?: () => Promise<number | null>;
  /** How long a balance lasts at the recent pace (src/runway/), shown to administrators and viewers; absent, null or with no pace to go by, not shown. */
  runway?: (balance: number) => Promise<Runway | null>;
}) {
  const composer = new Composer<BaseContext>();
  // Whoever checks the money also learns that none of it can be spent right now.
  const withPause = async (ctx: BaseContext, text: string): Promise<string> => {
    const pause = await deps.orderingPaused();
    const badged = ctx.presentation.sandbox ? `${ctx.t('sandbox-badge')}\n${text}` : text;
    const exceptions = readsEveryone(ctx.member.role) ? await deps.walletExceptions?.().catch(() => null) : null;
    const tail = [pause ? pauseStatusText(readerView(ctx), pause) : null, exceptions ? ctx.t('balance-wallet-exceptions', { count: formatNumber(exceptions, ctx.member.locale) }) : null];
    return [badged, ...tail].filter(Boolean).join('\n\n');
  };
  composer.command('balance', async (ctx) => {
    await ctx.replyWithChatAction('typing').catch(() => undefined);
    try {
      const { balance } = await deps.providerFor(ctx.member.telegramId).getBalance({ priority: 'interactive' });
      // Staff see the balance alone: when the wallet runs dry is the business of those who read the money.
      const runway = readsEveryone(ctx.member.role) ? await deps.runway?.(balance).catch(() => null) : null;
      const line = ctx.t('balance-line', { amount: showAmount(readerView(ctx), balance) });
      const below = runwayLine(readerView(ctx), runway);
      await ctx.reply(await withPause(ctx, below ? `${line}\n${below}` : line));
    } catch (error) {
      const trouble = await deps.onProviderTrouble(error, 'balance');
      await ctx.reply(await withPause(ctx, deps.troubleText(ctx.t, trouble, { ...readerView(ctx), error })));
    }
  });
  return composer;
}

import { Composer, InlineKeyboard } from 'grammy';
import type { OrderQueries } from '../../db/order-queries.js';
import type { ProviderFor } from '../../safeguards/velocity/read-pace.js';
import { ProviderNotFoundError } from '../../provider/errors.js';
import type { BaseContext } from '../context.js';
import type { Translate } from '../../text/i18n.js';
import { readersOnly } from '../middleware/roles.js';
import type { Trouble, TroubleDetail } from '../provider-trouble.js';
import { sendFormatted, type Outgoing } from '../send.js';
import {
  parseTransactions,
  transactionData,
  transactionsPageData,
  TRANSACTIONS_PATTERN,
  type TransactionsPress,
} from '../order-views/callback-data.js';
import { showInPlace } from '../order-views/in-place.js';
import { transactionDetailView, transactionListView } from '../order-views/transaction-view.js';
import { plain } from '../../text/formatted.js';
import { readerView } from '../reader-view.js';
import { formatId } from '../../text/format.js';

const TRANSACTIONS_PAGE_SIZE = 8;

/** /transactions (administrators and viewers): the wallet's transactions from the provider, paged; a press opens one. */
export function transactionsFeature(deps: {
  providerFor: ProviderFor<'listTransactions' | 'getTransaction'>;
  orders: Pick<OrderQueries, 'byProviderOrderId'>;
  onProviderTrouble: (error: unknown, context: string) => Promise<Trouble>;
  troubleText: (t: Translate, trouble: Trouble, detail?: TroubleDetail) => string;
}) {
  const composer = new Composer<BaseContext>();

  async function view(ctx: BaseContext, press: TransactionsPress): Promise<Outgoing> {
    const v = readerView(ctx);
    try {
      if (press.kind === 'page') {
        const page = await deps.providerFor(ctx.member.telegramId).listTransactions(
          { page: Math.max(1, press.page), pageSize: TRANSACTIONS_PAGE_SIZE },
          { priority: 'interactive' },
        );
        return transactionListView(v, page);
      }
      const tx = await deps.providerFor(ctx.member.telegramId).getTransaction(press.id, { priority: 'interactive' });
      const local = tx.orderId === null ? null : await deps.orders.byProviderOrderId(tx.orderId);
      return transactionDetailView(v, tx, local, press.page);
    } catch (error) {
      if (press.kind === 'detail' && error instanceof ProviderNotFoundError) {
        const back = new InlineKeyboard().text(ctx.t('btn-back'), transactionsPageData(press.page));
        return { text: plain(ctx.t('tx-not-found', { id: formatId(press.id, ctx.member.locale) })), keyboard: back };
      }
      const again = press.kind === 'page' ? transactionsPageData(press.page) : transactionData(press.id, press.page);
      return {
        text: plain(deps.troubleText(ctx.t, await deps.onProviderTrouble(error, 'transactions'), { ...readerView(ctx), error })),
        keyboard: new InlineKeyboard().text(ctx.t('btn-retry'), again),
      };
    }
  }

  composer.command('transactions', readersOnly, async (ctx) => {
    await ctx.replyWithChatAction('typing').catch(() => undefined);
    await sendFormatted(ctx.api, ctx.chat.id, await view(ctx, { kind: 'page', page: 1 }));
  });

  composer.callbackQuery(TRANSACTIONS_PATTERN, readersOnly, async (ctx) => {
    const press = parseTransactions(ctx.callbackQuery.data);
    await ctx.answerCallbackQuery();
    if (press) await showInPlace(ctx, await view(ctx, press));
  });

  return composer;
}

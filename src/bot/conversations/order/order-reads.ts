import type { Conversation } from '@grammyjs/conversations';
import type { Context } from 'grammy';
import type { BotContext } from '../../context.js';
import { draftTotal, type Draft } from './draft.js';
import type { Balance, ProductDetail } from '../../../provider/schemas.js';
import type { Fetched, OrderConversationDeps, Quote } from './order-types.js';

/**
 * The order conversation's reads of the provider and the database. Each runs
 * inside `conversation.external`, so a replay answers from the log and
 * repeats no request; a failure comes back as a plain `Fetched` value.
 */
export function createOrderReads(conversation: Conversation<BotContext, Context>, deps: OrderConversationDeps, chatId: number, userId: number) {
  /** The provider as this staff member's updates read it: every read counts against them. */
  const provider = deps.providerFor(userId);
  const attempt = async <T>(context: string, task: () => Promise<T> | T): Promise<Fetched<T>> => {
    try {
      return { ok: true, value: await task() };
    } catch (error) {
      return { ok: false, trouble: await deps.onProviderTrouble(error, context) };
    }
  };
  const fetch = <T>(context: string, task: () => Promise<T> | T): Promise<Fetched<T>> => conversation.external(() => attempt(context, task));
  /**
   * A provider read as the staff member lives it: "typing…" once it takes longer than a moment.
   * The timer runs out here, around `external`: a replay answers from the log at once and shows nothing.
   */
  const whileSlow = <T>(read: () => Promise<T>): Promise<T> => deps.typingWhileSlow(chatId, read);
  const pausedNow = () => conversation.external(() => deps.orderingPaused());
  /** The limits against the draft's total at the quoted price; counted from the database, so in `external`. */
  const limitFor = (checked: Draft) => {
    const total = draftTotal(checked);
    const costCentreId = checked.purpose?.costCentreId ?? null;
    return conversation.external(() => deps.checkLimits(userId, total, costCentreId));
  };

  /**
   * The detail of every product and the balance, all read at once, with
   * which of the products administrators hid (from the database, in the
   * same `external`, so a conversation stored before it was asked replays
   * as it was recorded).
   */
  const readQuote = (productIds: readonly number[]): Promise<Quote> =>
    whileSlow(() => conversation.external(async () => {
      const [hidden, balance, ...details] = await Promise.all([
        deps.catalog.hiddenAmong(productIds),
        attempt('balance for summary', () => provider.getBalance()),
        ...productIds.map((productId) => attempt('product detail for summary', () => provider.getProduct(productId))),
      ]);
      return {
        hidden: hidden as number[],
        balance: balance as Fetched<Balance>,
        details: details.map((detail, index): Fetched<ProductDetail> => {
          const asked = productIds[index]!;
          const read = detail as Fetched<ProductDetail>;
          if (read.ok && read.value.id !== asked) {
            deps.logger.warn({ asked, answered: read.value.id }, 'the provider answered the detail of another product');
            return { ok: false, trouble: 'bad-answer' };
          }
          return read;
        }),
      };
    }));

  return { provider, fetch, whileSlow, pausedNow, limitFor, readQuote };
}

export type OrderReads = ReturnType<typeof createOrderReads>;

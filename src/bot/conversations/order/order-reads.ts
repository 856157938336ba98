import type { Conversation } from '@grammyjs/conversations';
import type { Context } from 'grammy';
import type { BotContext } from '../../context.js';
import { draftTotal, type Draft } from './draft.js';
import type { Fetched, OrderConversationDeps, Quote } from './order-types.js';

/**
 * The order conversation's reads of the provider and the database. Each runs
 * inside `conversation.external`, so a replay answers from the log and
 * repeats no request; a failure comes back as a plain `Fetched` value.
 */
export function createOrderReads(conversation: Conversation<BotContext, Context>, deps: OrderConversationDeps, chatId: number, userId: number) {
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
    return conversation.external(() => deps.checkLimits(userId, total));
  };

  /** Product detail and balance together, read at once. */
  const readQuote = (productId: number): Promise<Quote> =>
    whileSlow(() => conversation.external(async () => {
      const [detail, balance] = await Promise.all([
        attempt('product detail for summary', () => deps.provider.getProduct(productId)),
        attempt('balance for summary', () => deps.provider.getBalance()),
      ]);
      if (detail.ok && detail.value.id !== productId) {
        deps.logger.warn({ asked: productId, answered: detail.value.id }, 'the provider answered the detail of another product');
        return { detail: { ok: false as const, trouble: 'bad-answer' as const }, balance };
      }
      return { detail, balance };
    }));

  return { fetch, whileSlow, pausedNow, limitFor, readQuote };
}

export type OrderReads = ReturnType<typeof createOrderReads>;

import { Composer, InlineKeyboard } from 'grammy';
import type { ReviewCandidate } from '../../domain/order-states.js';
import { splitMessage } from '../../text/split-message.js';
import type { Logger } from '../../logger.js';
import { parseOrderLookup } from '../../orders/order-lookup.js';
import type { OrderRow } from '../../db/order-row.js';
import type { ReviewDecision, ReviewStore, SettleReviewResult } from '../../db/review-store.js';
import type { ProviderFor } from '../../safeguards/velocity/read-pace.js';
import { ProviderNotFoundError } from '../../provider/errors.js';
import type { OrderDetail } from '../../provider/schemas.js';
import { normaliseDigits } from '../../text/digits.js';
import type { BaseContext } from '../context.js';
import { formatGoods, formatId } from '../../text/format.js';
import { bold, joinLines, plain } from '../../text/formatted.js';
import type { Translate } from '../../text/i18n.js';
import { adminsOnly } from '../middleware/admins-only.js';
import type { DescribePerson } from '../describe-person.js';
import type { Trouble } from '../provider-trouble.js';
import { sendFormatted } from '../send.js';
import { showInPlace } from '../order-views/in-place.js';
import { providerStateWords, stateWords } from '../order-views/order-view.js';
import { goodsOf, linesTotal } from '../../orders/order-line.js';
import { showAmount, showDateTimeWithZone, type ReaderView, showDateTime } from '../../text/presentation.js';
import { readerView } from '../reader-view.js';
import { STOPS } from '../keyboard-style.js';

/** More orders than this are counted, not listed: they are settled oldest first anyway. */
const LISTED_ORDERS = 20;
const LISTED_CANDIDATES = 10;

/** rv:n:<id> confirms "nothing was placed" for our order <id>; rv:x:<id> leaves it waiting. */
const CONFIRM_NONE = /^rv:n:([0-9]{1,15})$/;
const KEEP_WAITING = /^rv:x:([0-9]{1,15})$/;

interface ReviewDeps {
  review: ReviewStore;
  providerFor: ProviderFor<'getOrder'>;
  onProviderTrouble: (error: unknown, context: string) => Promise<Trouble>;
  troubleText: (t: Translate, trouble: Trouble) => string;
  /** Who ordered, in words; the numeric ID when not given. */
  describePerson?: DescribePerson;
  logger: Logger;
}

type ReviewCommand =
  | { kind: 'list' }
  | { kind: 'adopt'; id: number; provider: number | string }
  | { kind: 'none'; id: number }
  | { kind: 'usage' };

/** `/review`, `/review #12 adopt A100234` (or the provider's order number), `/review #12 none`. */
export function parseReviewCommand(text: string): ReviewCommand {
  const [idText, verb, target, ...rest] = normaliseDigits(text).trim().split(/\s+/).filter(Boolean);
  if (idText === undefined) return { kind: 'list' };
  const local = /^#?([0-9]{1,15})$/.exec(idText);
  const id = local ? Number(local[1]) : 0;
  if (id <= 0 || rest.length > 0) return { kind: 'usage' };
  const action = verb?.toLowerCase();
  if (action === 'none' && target === undefined) return { kind: 'none', id };
  if (action !== 'adopt' || target === undefined) return { kind: 'usage' };
  const lookup = parseOrderLookup(target);
  if (lookup?.kind === 'provider-id') return { kind: 'adopt', id, provider: lookup.orderId };
  if (lookup?.kind === 'reference') return { kind: 'adopt', id, provider: lookup.reference };
  return { kind: 'usage' };
}

/**
 * /review (administrators): the orders whose outcome reconciliation could
 * not settle, and the two ways to settle one. Adopting names the provider
 * order that is this one, which is then followed and delivered like any
 * other; "none" tells the staff member it is safe to order again, so it
 * needs a second, deliberate press.
 */
export function reviewFeature(deps: ReviewDeps) {
  const composer = new Composer<BaseContext>();

  const money = (ctx: BaseContext, value: number) => showAmount(readerView(ctx), value);
  const summary = (ctx: BaseContext, order: OrderRow) =>
    ctx.t('review-order', {
      id: formatId(order.id, ctx.member.locale),
      goods: formatGoods(goodsOf(order.lines), ctx.member.locale),
      amount: money(ctx, order.totalAmount),
      userId: deps.describePerson?.(order.userId) ?? String(order.userId),
    });

  async function listView(ctx: BaseContext) {
    const { items, total } = await deps.review.listAwaitingReview(LISTED_ORDERS);
    if (total === 0) return [plain(ctx.t('review-none-waiting'))];
    const entries = items.map((order) =>
      joinLines(
        bold(summary(ctx, order)),
        ctx.t('review-sent-at', { when: showDateTimeWithZone(readerView(ctx), (order.postedAt ?? order.createdAt).getTime()) }),
        ctx.t('review-candidates', { candidates: candidateList(readerView(ctx), order.reviewCandidates) }),
        '',
      ),
    );
    const text = joinLines(
      bold(ctx.t('review-title', { count: total })),
      '',
      ...entries,
      total > items.length ? ctx.t('review-more', { count: total - items.length }) : null,
      ctx.t('review-how'),
    );
    return splitMessage(text);
  }

  /** The administrator's answer to a decision, whatever became of it. */
  function outcomeText(ctx: BaseContext, orderId: number, result: SettleReviewResult, detail?: OrderDetail): string {
    // Ids as typed in commands: Fluent would group the digits of a number (1,234).
    const id = String(orderId);
    switch (result.kind) {
      case 'not-found':
        return ctx.t('review-not-found', { id });
      case 'not-in-review':
        return ctx.t('review-not-waiting', { id, state: stateWords(ctx.t, result.order.state) });
      case 'already-linked':
        return ctx.t('review-already-linked', { reference: detail?.orderReference ?? '?', linked: formatId(result.linked.id, ctx.member.locale) });
      case 'accepted':
        return ctx.t('review-none-accepted', { id, reference: result.order.acceptedReference ?? '?' });
      case 'mismatch':
        return ctx.t('review-mismatch', {
          reference: detail?.orderReference ?? '?',
          reasons: result.mismatches.map((m) => ctx.t(`review-mismatch-${m}`)).join(ctx.t('review-list-separator')),
        });
      case 'settled': {
        const order = result.order;
        if (order.state === 'not_placed') return ctx.t('review-settled-none', { id });
        const adopted = ctx.t('review-settled-adopted', {
          id,
          reference: order.providerReference ?? '?',
          state: providerStateWords(ctx.t, order.providerStatus ?? ''),
        });
        const expected = linesTotal(order.lines);
        const released = result.released
          ? ctx.t('review-released', { reference: order.providerReference ?? '?', linked: formatId(result.released.id, ctx.member.locale) })
          : null;
        const differs =
          order.totalAmount === expected
            ? null
            : ctx.t('review-amount-differs', { charged: money(ctx, order.totalAmount), expected: money(ctx, expected) });
        return [adopted, released, differs].filter((line) => line !== null).join('\n');
      }
    }
  }

  async function settle(ctx: BaseContext, id: number, decision: ReviewDecision): Promise<SettleReviewResult> {
    const result = await deps.review.settleReview({ orderId: id, actorId: ctx.member.telegramId, decision });
    deps.logger.info(
      {
        orderId: id,
        actorId: ctx.member.telegramId,
        decision: decision.kind,
        providerOrderId: decision.kind === 'adopt' ? decision.providerOrder.orderId : null,
        result: result.kind,
      },
      'review decision',
    );
    return result;
  }

  /** Our order, if it waits for review; otherwise the answer that says why not. */
  async function awaiting(ctx: BaseContext, id: number): Promise<{ order: OrderRow } | { answer: string }> {
    const found = await deps.review.findForReview(id);
    return found.kind === 'waiting' ? { order: found.order } : { answer: outcomeText(ctx, id, found) };
  }

  async function adopt(ctx: BaseContext, id: number, provider: number | string): Promise<string> {
    const waiting = await awaiting(ctx, id);
    if ('answer' in waiting) return waiting.answer;
    let detail: OrderDetail;
    try {
      detail = await deps.providerFor(ctx.member.telegramId).getOrder(provider, { priority: 'interactive' });
    } catch (error) {
      if (error instanceof ProviderNotFoundError) return ctx.t('review-provider-not-found', { value: formatId(provider, ctx.member.locale) });
      return deps.troubleText(ctx.t, await deps.onProviderTrouble(error, 'review'));
    }
    return outcomeText(ctx, id, await settle(ctx, id, { kind: 'adopt', providerOrder: detail }), detail);
  }

  composer.command('review', adminsOnly, async (ctx) => {
    const command = parseReviewCommand(ctx.match);
    switch (command.kind) {
      case 'usage':
        await ctx.reply(ctx.t('review-usage'));
        return;
      case 'list':
        for (const part of await listView(ctx)) await sendFormatted(ctx.api, ctx.chat.id, { text: part });
        return;
      case 'adopt':
        await ctx.replyWithChatAction('typing').catch(() => undefined);
        await ctx.reply(await adopt(ctx, command.id, command.provider));
        return;
      case 'none': {
        const waiting = await awaiting(ctx, command.id);
        if ('answer' in waiting) {
          await ctx.reply(waiting.answer);
          return;
        }
        if (waiting.order.acceptedOrderId !== null) {
          await ctx.reply(outcomeText(ctx, command.id, { kind: 'accepted', order: waiting.order }));
          return;
        }
        const keyboard = new InlineKeyboard()
          .text(ctx.t('btn-review-none-confirm'), `rv:n:${command.id}`)
          .row()
          .text(ctx.t('btn-cancel'), `rv:x:${command.id}`)
          .style(STOPS);
        const text = joinLines(bold(summary(ctx, waiting.order)), ctx.t('review-none-confirm'));
        await sendFormatted(ctx.api, ctx.chat.id, { text, keyboard });
        return;
      }
    }
  });

  composer.callbackQuery(CONFIRM_NONE, adminsOnly, async (ctx) => {
    const id = Number(ctx.match[1]);
    await ctx.answerCallbackQuery();
    // The compare-and-swap makes a second press, or a press after another administrator decided, harmless.
    await showInPlace(ctx, { text: plain(outcomeText(ctx, id, await settle(ctx, id, { kind: 'none' }))) });
  });

  composer.callbackQuery(KEEP_WAITING, adminsOnly, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showInPlace(ctx, { text: plain(ctx.t('review-kept', { id: formatId(Number(ctx.match[1]), ctx.member.locale) })) });
  });

  return composer;
}

/** Candidates as reconciliation recorded them, with what /review … adopt takes for each. */
function candidateList(v: ReaderView, candidates: ReviewCandidate[] | null): string {
  const { t, locale } = v;
  if (candidates === null) return t('review-candidates-unrecorded');
  if (candidates.length === 0) return t('review-candidates-none');
  const listed = candidates.slice(0, LISTED_CANDIDATES).map((candidate) => {
    const created = candidate.createdAt === null ? Number.NaN : Date.parse(candidate.createdAt);
    const facts = [
      candidate.status === null ? null : providerStateWords(t, candidate.status),
      showAmount(v, candidate.amount),
      Number.isNaN(created) ? null : showDateTime(v, created),
    ].filter((fact) => fact !== null);
    return `${candidate.reference ?? formatId(candidate.orderId, locale)} (${facts.join(locale === 'fa' ? '، ' : ', ')})`;
  });
  const more = candidates.length - listed.length;
  return [...listed, ...(more > 0 ? [t('review-more-candidates', { count: more })] : [])].join(t('review-list-separator'));
}

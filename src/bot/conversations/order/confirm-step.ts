import type { Conversation } from '@grammyjs/conversations';
import type { Context } from 'grammy';
import type { BotContext } from '../../context.js';
import type { Outgoing } from '../../send.js';
import type { Draft } from './draft.js';
import type { createMenuDisplay } from './menu-display.js';
import type { OrderReads } from './order-reads.js';
import type { OrderConversationDeps, Quote } from './order-types.js';
import { describePlaceResult, placeInputFrom, placeResultText } from './place.js';
import { cartLines } from './cart.js';
import { cartHasChanges, refreshCart } from './quote.js';
import { goodsLines, placedRecap } from './recap.js';
import { goodsOf } from '../../../orders/order-line.js';
import { canConfirm } from './summary-view.js';
import { draftTotal } from './draft.js';
import { orderStepUpNotice } from './step-up-notice.js';
import { closedView, type ViewContext } from './views.js';
import { chosenKeyboard, GOES_AHEAD } from '../../keyboard-style.js';
import { velocityRefusalText } from '../../../safeguards/velocity/velocity-texts.js';
import { hiddenIn } from './hidden-lines.js';
import type { LimitVerdict } from '../../../orders/limit-check.js';
import { showAmount, showDateTimeWithZone } from '../../../text/presentation.js';

/** What Confirm needs from the conversation around it; nothing here outlives the press. */
interface ConfirmTools {
  conversation: Conversation<BotContext, Context>;
  deps: OrderConversationDeps;
  reads: Pick<OrderReads, 'pausedNow' | 'readQuote' | 'limitFor'>;
  menu: ReturnType<typeof createMenuDisplay>;
  view: ViewContext;
  chatId: number;
  userId: number;
}

/** The conversation's state at the press, read only. */
interface ConfirmState {
  draft: Draft;
  /** The key chosen with the summary on screen; null when it offered no Confirm. */
  confirmKey: string | null;
  editInPlace: boolean;
  /** A right step-up code for this confirm key was taken just now. */
  codePassed: boolean;
}

/**
 * 'placed': the outcome to show as the conversation's last word (edited in place).
 * 'over-limit': a limit refused it unsent; the summary is shown again, edited in place, with the notice.
 * 'again': the summary is shown again on the numbers read just now, with the notice when there is one.
 * 'not-now': no Confirm is on offer (no key, or ordering is paused): the summary is shown again.
 */
type ConfirmAnswer =
  | { kind: 'placed'; out: Outgoing }
  | { kind: 'over-limit'; notice: string }
  | { kind: 'again'; prefetched: Quote; notice?: string }
  /** The order needs a step-up code: the summary stays, with `notice`; `asked` when a code for this key is awaited. */
  | { kind: 'step-up'; notice: string; asked: boolean }
  /** Administrators hid these products since the summary: nothing was placed, and their lines leave the order (hidden-lines.ts). */
  | { kind: 'hidden'; productIds: number[] }
  | { kind: 'not-now' };

/**
 * Places the order on the numbers the summary showed, if they are still
 * the provider's. Every Confirm reads the price, stock and balance again,
 * however recent the summary: a price may move a second before the tap,
 * and one product read is cheap next to a charge nobody saw. A pause
 * since, a failed read, or any change shows the summary again (old ->
 * new, with limits and the approval threshold judged on the new
 * figures), and Confirm must be pressed again.
 */
export async function confirmStep(tools: ConfirmTools, state: ConfirmState): Promise<ConfirmAnswer> {
  const { deps, reads, view } = tools;
  const { draft } = state;
  const key = state.confirmKey;
  if (key === null || (await reads.pausedNow())) return { kind: 'not-now' };
  // Hidden since the summary: not worth a provider read, and never placed (the order service asks again before its POST).
  const hidden = await hiddenIn(tools, draft);
  if (hidden.length > 0) return { kind: 'hidden', productIds: hidden };
  // Every line is read again, in parallel, with the balance: one read per product and one of the wallet.
  const quote = await reads.readQuote(cartLines(draft).map((line) => line.product.id));
  if (quote.details.some((detail) => !detail.ok)) return { kind: 'again', prefetched: quote };
  const refreshed = refreshCart(draft, quote.details.map((detail) => (detail.ok ? detail.value : null)));
  const balance = quote.balance.ok ? quote.balance.value.balance : null;
  const limit = await reads.limitFor(refreshed.draft);
  if (cartHasChanges(refreshed.changes) || !canConfirm(refreshed.draft, { balance, limit }, deps.perItemLimit)) {
    // Same numbers, but a limit lowered or another order counted since the summary: say why Confirm is gone.
    if (!cartHasChanges(refreshed.changes) && !limit.ok) return { kind: 'again', prefetched: quote, notice: limitMeanwhile(view, limit) };
    return { kind: 'again', prefetched: quote };
  }
  // Checked after the numbers: a code is asked for exactly the order that would be placed, and a change since asks again.
  const total = draftTotal(refreshed.draft);
  const stepUp = deps.orderStepUp;
  // Judged on the day (spent and waiting), read only where the amount is in force.
  if (stepUp && !state.codePassed && stepUp.inForce() && (await tools.conversation.external(() => stepUp.needed(tools.userId, total)))) {
    // What refuses without a code comes first: nobody enrols or types a code for an order the hour's limit then refuses.
    // Only looked at: the order is counted when it is placed, after the code.
    const pace = await tools.conversation.external(async () => (await deps.velocity?.check('orders', tools.userId)) ?? { ok: true as const });
    if (!pace.ok) return { kind: 'placed', out: closedView(velocityRefusalText(view, pace), view.sandbox, view.t) };
    const asked = await tools.conversation.external(() => stepUp.ask(tools.userId, { confirmKey: key, total }));
    // 'pass': step-up was turned off meanwhile, and nothing is asked any more.
    if (asked.kind !== 'pass') return { kind: 'step-up', notice: orderStepUpNotice(view, asked, total), asked: asked.kind === 'asked' };
  }
  return place(tools, state, key);
}

/** Why Confirm is gone though the numbers held: a cost centre's budget is not the person's limit, and is worded apart. */
function limitMeanwhile(view: ViewContext, limit: LimitVerdict): string {
  return view.t(!limit.ok && limit.limit === 'budget' ? 'order-budget-reached-meanwhile' : 'order-limit-reached-meanwhile');
}

/** Places the order; 'over-limit' when a limit refused it unsent and the summary is to be shown again. */
async function place(tools: ConfirmTools, state: ConfirmState, key: string): Promise<ConfirmAnswer> {
  const { conversation, deps, menu, view } = tools;
  const { t } = view;
  // Confirm stays under the message, disabled: what was pressed is still shown, and nothing can be pressed again.
  const chosen = (out: Outgoing): Outgoing => ({ ...out, keyboard: chosenKeyboard(t('btn-confirm'), GOES_AHEAD) });
  await menu.show(chosen(closedView(t('order-placing'), view.sandbox, t)), null, state.editInPlace);
  const input = placeInputFrom(state.draft, { confirmKey: key, userId: tools.userId, chatId: tools.chatId });
  const outcome = await conversation.external(async () => {
    try {
      // Counted before anything is sent or asked: a loop of orders stops here, whatever the money allows.
      const pace = (await deps.velocity?.take('orders', input.userId)) ?? { ok: true as const };
      if (!pace.ok) return { kind: 'velocity' as const, verdict: pace };
      // Above the approval threshold the order is stored, not sent: administrators decide.
      const waiting = (await deps.requestApproval?.(input)) ?? null;
      if (waiting?.kind === 'velocity') return waiting;
      if (waiting) return { kind: 'approval' as const, waiting };
      const result = await deps.orders.createIntentAndPlace(input);
      // A limit lowered or another order counted since the summary: it shows the limit again instead of a dead end.
      if (result.kind === 'rejected' && result.reason === 'over-limit') return { kind: 'over-limit' as const, budget: result.limit === 'budget' };
      // Counted again under the wallet lock, the day now needs an approval: the summary says so and Confirm asks for it.
      if (result.kind === 'rejected' && result.reason === 'needs-approval') return { kind: 'needs-approval' as const };
      // Hidden in the instant between the check above and the POST: the same answer as that check's.
      if (result.kind === 'rejected' && result.reason === 'product-hidden') return { kind: 'hidden' as const, productIds: result.hidden ?? [] };
      // A refused key or IP is for administrators to fix: they are told (once).
      if (result.kind === 'rejected' && (result.reason === 'auth' || result.reason === 'forbidden')) {
        await deps.onProviderTrouble(result.error, 'place order');
      }
      const described = describePlaceResult(result);
      return described.recap ? { ...described, typicalMs: await deps.typicalDeliveryMs() } : described;
    } catch (error) {
      return { kind: 'trouble' as const, trouble: await deps.onProviderTrouble(error, 'place order') };
    }
  });
  if (outcome.kind === 'over-limit') return { kind: 'over-limit', notice: t(outcome.budget ? 'order-budget-reached-meanwhile' : 'order-limit-reached-meanwhile') };
  if (outcome.kind === 'needs-approval') return { kind: 'over-limit', notice: t('approval-needed-meanwhile') };
  if (outcome.kind === 'hidden') return { kind: 'hidden', productIds: outcome.productIds };
  const money = (value: number) => showAmount(view, value);
  const text =
    outcome.kind === 'approval'
      ? t('approval-waiting', {
          total: money(outcome.waiting.total),
          until: showDateTimeWithZone(view, outcome.waiting.expiresAt),
        })
      : outcome.kind === 'velocity'
      ? velocityRefusalText(view, outcome.verdict)
      : outcome.kind === 'trouble'
      ? outcome.trouble === 'internal'
        ? t('order-failed-internal')
        : deps.troubleText(t, outcome.trouble)
      : placeResultText(t, outcome);
  const recap =
    outcome.kind === 'approval'
      ? // What waits for approval, when the order has several products.
        input.lines.length > 1
        ? goodsLines(view, goodsOf(input.lines)).join('\n')
        : null
      : outcome.kind !== 'trouble' && outcome.kind !== 'velocity' && outcome.recap
      ? placedRecap(view, outcome.recap, 'typicalMs' in outcome ? outcome.typicalMs : null)
      : null;
  return { kind: 'placed', out: chosen(closedView(recap ? `${text}\n\n${recap}` : text, view.sandbox, t)) };
}

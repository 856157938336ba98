import type { Conversation } from '@grammyjs/conversations';
import type { Context } from 'grammy';
import type { CatalogCategory, CatalogQueries } from '../../../catalog/catalog-queries.js';
import type { Clock } from '../../../clock.js';
import type { Logger } from '../../../logger.js';
import type { OrderService, PlaceInput } from '../../../orders/order-service.js';
import { type AmountUnit, formatAmount, formatDateTimeWithZone } from '../../../text/format.js';
import type { ProviderClient } from '../../../provider/client.js';
import type { Balance, ProductDetail } from '../../../provider/schemas.js';
import type { LimitVerdict } from '../../../orders/limit-check.js';
import type { BotContext } from '../../context.js';
import type { Locale, Translate } from '../../../text/i18n.js';
import type { Trouble } from '../../provider-trouble.js';
import type { Outgoing } from '../../send.js';
import type { TypingWhileSlow } from '../../typing-while-slow.js';
import { ACTION, numericValue, parseData, type Pressed } from './actions.js';
import { answerText, type Step as InputStep } from './answer-text.js';
import { back, chosenRegion, chooseCategory, chooseProduct, chooseQuantity, chooseRegion, answerField, currentField, editStep, maxQuantity, newDraft, resumeIncomplete, type Draft } from './draft.js';
import { answerPress, createMenuDisplay } from './menu-display.js';
import { draftFromPastOrder, type PastOrder, type PastOrderChange } from './past-order.js';
import { handOver } from './step-handover.js';
import { describePlaceResult, placeInputFrom, placeResultText } from './place.js';
import { placedRecap } from './recap.js';
import { acceptsPress, editTargetOf } from './press-guard.js';
import { hasChanges, refreshQuote } from './quote.js';
import { canConfirm, pausedView, summaryView, uncheckedView } from './summary-view.js';
import { categoryView, closedView, editView, fallbackView, fieldView, productListView, quantityView, regionView, type Notice, type ViewContext } from './views.js';

export interface OrderConversationDeps {
  catalog: CatalogQueries;
  provider: Pick<ProviderClient, 'getProduct' | 'getBalance'>;
  orders: Pick<OrderService, 'createIntentAndPlace'>;
  translate: (locale: Locale) => Translate;
  /** Classifies and logs a provider failure, alerting administrators where needed. */
  onProviderTrouble: (error: unknown, context: string) => Promise<Trouble>;
  troubleText: (t: Translate, trouble: Trouble) => string;
  amountUnit: AmountUnit;
  sandbox: boolean;
  idleMs: number;
  perItemLimit: number;
  /** Why ordering is paused now, or null: no Confirm is offered or placed while it is. */
  orderingPaused: () => { source: 'provider' | 'admin'; reason: string | null } | null;
  /**
   * The person's spending limits against an order total: the summary names
   * the limit and offers no Confirm; the order service checks again at
   * Confirm, under the wallet lock.
   */
  checkLimits: (userId: number, total: number) => LimitVerdict;
  /**
   * Stores the order for an administrator's approval instead of placing it
   * when its total is above the person's approval threshold; null when it
   * needs none. Idempotent by confirm key, like placing.
   */
  requestApproval?: (input: PlaceInput) => Promise<ApprovalWaiting | null>;
  /** The person's approval threshold, so that the summary says before Confirm that the order will wait. */
  approvalThreshold?: (personId: number) => number | null;
  /** IANA zone every time is shown in (the approval deadline, for one). */
  timeZone: string;
  /** How long delivery usually takes (median of recent orders), for the recap after Confirm; null when unknown. */
  typicalDeliveryMs: () => number | null;
  /** The balance read for a summary does not cover its total: administrators hear that staff cannot order. */
  onWalletShort?: (short: { balance: number; total: number }) => void;
  /** Shows "typing…" in the chat while a provider read takes longer than a moment. */
  typingWhileSlow: TypingWhileSlow;
  clock: Clock;
  logger: Logger;
}

/** What the staff member is told of an order that waits for approval. */
export interface ApprovalWaiting {
  total: number;
  threshold: number;
  expiresAt: number;
}

export interface OrderArgs {
  locale: Locale;
  /** "Order again": a fresh order starts from this past order's choices instead of the categories. */
  again?: PastOrder;
  /** Set when a step of this order hands over to the next (see step-handover.ts); absent on a fresh /order. */
  carried?: CarriedStep;
}

/**
 * What one run leaves the next: the step on screen and what answering it
 * needs. Plain data, stored with the conversation's arguments.
 */
export interface CarriedStep {
  draft: Draft;
  /** The menu message whose buttons are current. */
  menuId: number | null;
  /** The categories last listed, for the title of a product list. */
  shownCategories: CatalogCategory[];
  /** The key chosen for the summary on screen, null when it offers no Confirm (see renderSummary). */
  confirmKey: string | null;
  /** The step on screen did not reach the staff member: their next update shows it again. */
  unshown: boolean;
}

const PAGE_SIZE = 8;
const MAX_SEARCH_LENGTH = 64;

/**
 * 'again': show the current step again (it did not reach the staff member, or a button was not valid).
 * 'not-text': a sticker, photo, voice note, contact… where only text or a button can answer.
 */
type Input = { kind: 'press'; pressed: Pressed } | { kind: 'text'; text: string } | { kind: 'not-text' } | { kind: 'again' };

/** Plain result objects only: an error thrown inside `external` would be stored as `{}`. */
type Fetched<T> = { ok: true; value: T } | { ok: false; trouble: Trouble };

/** The provider's numbers for the summary, and when they were read. */
interface Quote {
  detail: Fetched<ProductDetail>;
  balance: Fetched<Balance>;
  at: number;
}

/**
 * The guided order: category, product, region, quantity, each required
 * field, summary, confirm. One menu message is edited in place while the
 * staff member taps; a typed answer gets a fresh menu below it. Every read
 * of the catalog or the provider runs in `external`, so replays after a
 * restart see the same answers and repeat no side effect.
 *
 * One run of this function takes one answer: it waits on the step the run
 * before showed, shows the next and hands the order to the next run
 * (step-handover.ts), so the plugin replays one wait per update, however
 * long the order.
 */
export function createOrderConversation(deps: OrderConversationDeps) {
  return async function order(conversation: Conversation<BotContext, Context>, ctx: Context, args?: OrderArgs) {
    const chatId = ctx.chat?.id;
    const userId = ctx.from?.id;
    if (chatId === undefined || userId === undefined) return;
    const locale: Locale = args?.locale ?? 'en';
    const t = deps.translate(locale);
    const view: ViewContext = { t, locale, amountUnit: deps.amountUnit, sandbox: deps.sandbox, perItemLimit: deps.perItemLimit, timeZone: deps.timeZone };

    const carried = args?.carried;
    let draft = carried?.draft ?? newDraft();
    let notice: Notice = null;
    const menu = createMenuDisplay(ctx.api, chatId, deps.logger, carried?.menuId ?? null);
    let editInPlace = false;
    let shownCategories: CatalogCategory[] = carried?.shownCategories ?? [];
    let confirmKey: string | null = carried?.confirmKey ?? null;
    /** A fresh read taken at Confirm, for the summary shown again instead of placing. */
    let prefetched: Quote | null = null;
    /** The last step did not reach the staff member: their next update shows it again. */
    let unshown = carried?.unshown ?? false;

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
      const total = (chosenRegion(checked)?.price ?? 0) * (checked.quantity ?? 0);
      return conversation.external(() => deps.checkLimits(userId, total));
    };

    /** Product detail and balance together; taken before the reads, so the age errs on the old side. */
    const readQuote = (productId: number): Promise<Quote> =>
      whileSlow(() => conversation.external(async () => {
        const at = deps.clock.now();
        const [detail, balance] = await Promise.all([
          attempt('product detail for summary', () => deps.provider.getProduct(productId)),
          attempt('balance for summary', () => deps.provider.getBalance()),
        ]);
        if (detail.ok && detail.value.id !== productId) {
          deps.logger.warn({ asked: productId, answered: detail.value.id }, 'the provider answered the detail of another product');
          return { detail: { ok: false as const, trouble: 'bad-answer' as const }, balance, at };
        }
        return { detail, balance, at };
      }));

    async function waitInput(): Promise<Input> {
      for (;;) {
        const next = await conversation.wait({ maxMilliseconds: deps.idleMs });
        const query = next.callbackQuery;
        if (query) {
          const pressed = parseData(query.data);
          // Buttons of other features are not ours to answer: skip() alone would swallow them.
          if (!pressed) await conversation.skip({ next: true });
          if (unshown) {
            await answerPress(next);
            editInPlace = false;
            return { kind: 'again' };
          }
          // Older menus are answered by the "menu expired" handler.
          if (query.message?.message_id !== menu.id()) await conversation.skip({ next: true });
          if (pressed!.action === ACTION.soldOut && draft.step === 'region') {
            await answerPress(next, t('order-out-of-stock'));
            continue;
          }
          editInPlace = true;
          if (!acceptsPress(draft, pressed!, { perItemLimit: deps.perItemLimit, confirmOffered: confirmKey !== null })) {
            await answerPress(next, t('order-button-invalid'));
            return { kind: 'again' };
          }
          await answerPress(next);
          return { kind: 'press', pressed: pressed! };
        }
        // Edits, reactions and the like are not answers.
        if (next.message === undefined) await conversation.skip({ next: true });
        const text = next.message!.text;
        // Commands (/balance, /help…) are handled by their own features meanwhile.
        if (text?.startsWith('/')) await conversation.skip({ next: true });
        editInPlace = false;
        if (unshown) return { kind: 'again' };
        // Anything else sent mid-order gets the question again, below it, rather than "I did not understand".
        return text === undefined ? { kind: 'not-text' } : { kind: 'text', text };
      }
    }

    async function render(): Promise<Outgoing> {
      confirmKey = null;
      switch (draft.step) {
        case 'category': {
          const page = await conversation.external(() => deps.catalog.categoriesPage({ page: draft.categoryPage, pageSize: PAGE_SIZE }));
          shownCategories = page.items;
          return categoryView(view, page, notice);
        }
        case 'product': {
          if (draft.search !== null) {
            const query = draft.search;
            const page = await conversation.external(() => deps.catalog.search({ query, page: draft.productPage, pageSize: PAGE_SIZE }));
            if (page.total === 0) {
              draft = { ...draft, step: 'category', search: null };
              notice = t('order-search-none', { query });
              return render();
            }
            return productListView(view, t('order-search-results', { query }), page, notice);
          }
          const categoryId = draft.categoryId ?? 0;
          const page = await conversation.external(() => deps.catalog.productsPage({ categoryId, page: draft.productPage, pageSize: PAGE_SIZE }));
          const title = shownCategories.find((c) => c.id === categoryId)?.title || t('order-uncategorised');
          return productListView(view, t('order-choose-product', { category: title }), page, notice);
        }
        case 'region':
          return regionView(view, draft.product!, notice);
        case 'quantity':
          return quantityView(view, draft, notice);
        case 'field':
          return fieldView(view, draft, notice);
        case 'summary':
          return renderSummary();
        case 'edit':
          return editView(view, draft);
      }
    }

    /**
     * The summary, with the price and stock read from the provider just now
     * (or at Confirm): what changed since the staff member last saw it is
     * marked, and Confirm is offered only for numbers that were read.
     */
    async function renderSummary(): Promise<Outgoing> {
      const complete = resumeIncomplete(draft);
      if (complete !== draft) {
        draft = complete;
        return render();
      }
      const pause = await pausedNow();
      if (pause) return pausedView(view, pause, notice);
      const quote = prefetched ?? (await readQuote(draft.product!.id));
      prefetched = null;
      if (!quote.detail.ok) {
        const reason = quote.detail.trouble === 'not-found' ? t('order-product-gone') : deps.troubleText(t, quote.detail.trouble);
        return uncheckedView(view, reason, notice);
      }
      const refreshed = refreshQuote(draft, quote.detail.value);
      draft = refreshed.draft;
      if (refreshed.changes.regionGone !== null) {
        notice = t('summary-region-gone', { region: refreshed.changes.regionGone });
        return render();
      }
      const facts = { balance: quote.balance.ok ? quote.balance.value.balance : null, changes: refreshed.changes, limit: await limitFor(draft) };
      const due = (chosenRegion(draft)?.price ?? 0) * (draft.quantity ?? 0);
      if (facts.balance !== null && facts.balance < due) {
        const short = { balance: facts.balance, total: due };
        await conversation.external(() => deps.onWalletShort?.(short));
      }
      if (canConfirm(draft, facts, deps.perItemLimit)) {
        // Chosen while showing the summary, so it is saved before Confirm can be pressed:
        // if the process dies after the POST, the replayed Confirm carries the same key
        // and the order service recognises it instead of placing a second order.
        confirmKey = await conversation.external(() => crypto.randomUUID());
        const threshold = await conversation.external(() => deps.approvalThreshold?.(userId!) ?? null);
        const total = (chosenRegion(draft)?.price ?? 0) * (draft.quantity ?? 0);
        if (threshold !== null && total > threshold) {
          // Below any other notice (a price changed since an order repeated), never instead of it.
          const note = t('approval-summary-note', { threshold: formatAmount(threshold, locale, deps.amountUnit) });
          notice = notice === null ? note : `${notice}\n${note}`;
        }
      }
      return summaryView(view, draft, { ...facts, confirmKey }, notice);
    }

    async function pickProduct(productId: number): Promise<void> {
      const detail = await whileSlow(() => fetch('product detail', () => deps.provider.getProduct(productId)));
      if (!detail.ok) {
        notice = detail.trouble === 'not-found' ? t('order-product-gone') : deps.troubleText(t, detail.trouble);
        return;
      }
      if (!detail.value.regionProperties.some((r) => r.stock > 0)) {
        notice = t('order-product-sold-out');
        return;
      }
      draft = chooseProduct(draft, detail.value);
    }

    /** Presses reach here only when the step offers them (see acceptsPress). */
    async function press(pressed: Pressed): Promise<'continue' | 'done'> {
      const id = numericValue(pressed);
      switch (pressed.action) {
        case ACTION.back:
          draft = back(draft);
          break;
        case ACTION.cancel:
          await finish(closedView(t('cancel-done'), false, t));
          return 'done';
        case ACTION.category:
          if (id !== null) draft = chooseCategory(draft, id);
          break;
        case ACTION.categoryPage:
          if (id !== null) draft = { ...draft, categoryPage: id };
          break;
        case ACTION.productPage:
          if (id !== null) draft = { ...draft, productPage: id };
          break;
        case ACTION.product:
          if (id !== null) await pickProduct(id);
          break;
        case ACTION.region:
          if (id !== null) draft = chooseRegion(draft, id);
          break;
        case ACTION.quantity:
          if (id !== null && id >= 1 && id <= maxQuantity(draft, deps.perItemLimit)) draft = chooseQuantity(draft, id);
          break;
        case ACTION.skip: {
          const field = currentField(draft);
          if (field && !field.required) draft = answerField(draft, field.fieldId, '');
          break;
        }
        case ACTION.edit:
          draft = { ...draft, step: 'edit' };
          break;
        case ACTION.editTarget: {
          const target = editTargetOf(pressed.value);
          if (target) draft = editStep(draft, target);
          break;
        }
        case ACTION.refresh:
          break;
        case ACTION.confirm:
          return (await confirmIfFresh()) ? 'done' : 'continue';
      }
      return 'continue';
    }

    /**
     * Places the order on the numbers the summary showed, if they are still
     * the provider's. Every Confirm reads the price, stock and balance again,
     * however recent the summary: a price may move a second before the tap,
     * and one product read is cheap next to a charge nobody saw. A pause
     * since, a failed read, or any change shows the summary again (old ->
     * new, with limits and the approval threshold judged on the new
     * figures), and Confirm must be pressed again.
     */
    async function confirmIfFresh(): Promise<boolean> {
      const key = confirmKey;
      if (key === null || (await pausedNow())) return false;
      const quote = await readQuote(draft.product!.id);
      if (!quote.detail.ok) {
        prefetched = quote;
        return false;
      }
      const refreshed = refreshQuote(draft, quote.detail.value);
      const balance = quote.balance.ok ? quote.balance.value.balance : null;
      const limit = await limitFor(refreshed.draft);
      if (hasChanges(refreshed.changes) || !canConfirm(refreshed.draft, { balance, limit }, deps.perItemLimit)) {
        // Same numbers, but a limit lowered or another order counted since the summary: say why Confirm is gone.
        if (!hasChanges(refreshed.changes) && !limit.ok) notice = t('order-limit-reached-meanwhile');
        prefetched = quote;
        return false;
      }
      return confirm(key);
    }

    /** Places the order; false when a limit refused it unsent and the summary is to be shown again. */
    async function confirm(key: string): Promise<boolean> {
      await menu.show(closedView(t('order-placing'), deps.sandbox, t), null, editInPlace);
      const input = placeInputFrom(draft, { confirmKey: key, userId: userId!, chatId: chatId! });
      const outcome = await conversation.external(async () => {
        try {
          // Above the approval threshold the order is stored, not sent: administrators decide.
          const waiting = (await deps.requestApproval?.(input)) ?? null;
          if (waiting) return { kind: 'approval' as const, waiting };
          const result = await deps.orders.createIntentAndPlace(input);
          // A limit lowered or another order counted since the summary: it shows the limit again instead of a dead end.
          if (result.kind === 'rejected' && result.reason === 'over-limit') return { kind: 'over-limit' as const };
          // A refused key or IP is for administrators to fix: they are told (once).
          if (result.kind === 'rejected' && (result.reason === 'auth' || result.reason === 'forbidden')) {
            await deps.onProviderTrouble(result.error, 'place order');
          }
          const described = describePlaceResult(result);
          return described.recap ? { ...described, typicalMs: deps.typicalDeliveryMs() } : described;
        } catch (error) {
          return { kind: 'trouble' as const, trouble: await deps.onProviderTrouble(error, 'place order') };
        }
      });
      if (outcome.kind === 'over-limit') {
        notice = t('order-limit-reached-meanwhile');
        editInPlace = true;
        return false;
      }
      const money = (value: number) => formatAmount(value, locale, deps.amountUnit);
      const text =
        outcome.kind === 'approval'
          ? t('approval-waiting', {
              total: money(outcome.waiting.total),
              threshold: money(outcome.waiting.threshold),
              until: formatDateTimeWithZone(outcome.waiting.expiresAt, locale, deps.timeZone),
            })
          : outcome.kind === 'trouble'
          ? outcome.trouble === 'internal'
            ? t('order-failed-internal')
            : deps.troubleText(t, outcome.trouble)
          : placeResultText(t, outcome);
      const recap = outcome.kind !== 'trouble' && outcome.kind !== 'approval' && outcome.recap ? placedRecap(view, outcome.recap, 'typicalMs' in outcome ? outcome.typicalMs : null) : null;
      editInPlace = true;
      await finish(closedView(recap ? `${text}\n\n${recap}` : text, deps.sandbox, t));
      return true;
    }

    /**
     * The last word of the conversation must arrive: an order's outcome is
     * not something to lose to a busy Telegram. Until it is shown, each
     * next message or press in the chat tries again.
     */
    async function finish(out: Outgoing): Promise<void> {
      while ((await menu.show(out, null, editInPlace)) === 'failed') {
        editInPlace = false;
        const next = await conversation.wait({ maxMilliseconds: deps.idleMs });
        if (next.message?.text?.startsWith('/')) await conversation.skip({ next: true });
        if (next.callbackQuery) await answerPress(next);
      }
    }

    /** Shows the step the draft is at; what is on screen decides how the next answer is taken. */
    async function showStep(): Promise<void> {
      const out = await render();
      const shown = await menu.show(out, fallbackView(view, draft.step !== 'category'), editInPlace);
      // The short step that replaces a refused one has its own way on; nothing unseen can be confirmed.
      unshown = shown === 'failed';
      if (shown !== 'shown') {
        confirmKey = null;
      }
      notice = null;
    }

    /**
     * "Order again": the past order's product, region, quantity and answers
     * on the product as the provider describes it now. The numbers read here
     * are the summary's own, so they are read once; Confirm keeps all of its
     * checks. What cannot be repeated is said in one line, at the step that
     * asks for it.
     */
    async function startFrom(past: PastOrder): Promise<void> {
      const listed = await conversation.external(() => deps.catalog.product(past.productId) !== null);
      const quote = listed ? await readQuote(past.productId) : null;
      if (quote && !quote.detail.ok && quote.detail.trouble !== 'not-found') {
        notice = t('again-unchecked', { order: past.name, reason: deps.troubleText(t, quote.detail.trouble) });
        return;
      }
      const started = draftFromPastOrder(past, quote?.detail.ok ? quote.detail.value : null);
      draft = started.draft;
      if (started.change === null && quote) prefetched = quote;
      notice = againNotice(past, started.change);
    }

    function againNotice(past: PastOrder, change: PastOrderChange): Notice {
      if (change !== null) return t(`again-${change.kind}`, { order: past.name });
      const price = chosenRegion(draft)?.price;
      if (price === undefined || price === past.unitPrice) return null;
      const money = (value: number) => formatAmount(value, locale, deps.amountUnit);
      return t('again-price-changed', { order: past.name, from: money(past.unitPrice), to: money(price) });
    }

    // A run takes one answer to the step on screen and shows the next, then hands the order on:
    // the next update replays only this run's wait, not the steps before it.
    if (!carried) {
      if (args?.again) await startFrom(args.again);
      await showStep();
    }
    const input = await waitInput();
    if (input.kind === 'not-text') {
      notice = t('order-not-text');
    } else if (input.kind === 'press') {
      if ((await press(input.pressed)) === 'done') return;
    } else if (input.kind === 'text') {
      const step = draft.step as InputStep;
      const answered = answerText(draft, step, input.text.slice(0, step === 'field' ? 4096 : MAX_SEARCH_LENGTH), deps.perItemLimit, t);
      draft = answered.draft;
      notice = answered.notice;
    }
    await showStep();
    const next: OrderArgs = {
      locale,
      carried: { draft, menuId: menu.id(), shownCategories, confirmKey, unshown },
    };
    await conversation.external((outside) => handOver(outside, next));
  };
}

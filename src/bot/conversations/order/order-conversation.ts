import type { Conversation } from '@grammyjs/conversations';
import type { Context } from 'grammy';
import type { CatalogCategory } from '../../../db/catalog-store.js';
import type { BotContext } from '../../context.js';
import type { Outgoing } from '../../send.js';
import { ACTION, numericValue, parseData, type Pressed } from './actions.js';
import { answerText, type Step as InputStep } from './answer-text.js';
import { confirmStep } from './confirm-step.js';
import { startFromPast } from './again-start.js';
import { favouritePress, favouritesShown } from './favourite-press.js';
import { cartLines, currentIndex, lineCount, removeCurrent, resumeCart } from './cart.js';
import { draftTotal, newDraft } from './draft.js';
import { pickProduct } from './product-pick.js';
import { answerNote, pressPurpose, purposeFirst, purposeView } from './purpose-step.js';
import { answerPress, createMenuDisplay } from './menu-display.js';
import { createOrderReads } from './order-reads.js';
import type { Input, OrderArgs, OrderConversationDeps, Quote } from './order-types.js';
import { handOver } from './step-handover.js';
import { dropHidden } from './hidden-lines.js';
import { pressOnDraft } from './press-draft.js';
import { acceptsPress } from './press-guard.js';
import { NO_CHANGES } from './quote.js';
import { judgeQuote } from './summary-quote.js';
import { canConfirm, pausedView, summaryView, uncheckedView } from './summary-view.js';
import { categoryView, closedView, editView, fallbackView, fieldView, productListView, quantityView, regionView, type Notice, type ViewContext } from './views.js';
import { readerViewOf } from '../../../text/presentation.js';
import type { BatchOffer } from '../../batch-offer.js';

const PAGE_SIZE = 8;
const MAX_SEARCH_LENGTH = 64;

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
    const locale = args?.locale ?? 'en';
    const t = deps.translate(locale);
    const view: ViewContext = { ...readerViewOf(deps.presentation, locale, t), perItemLimit: deps.perItemLimit, maxLines: deps.maxLines };

    const carried = args?.carried;
    let draft = carried?.draft ?? newDraft();
    let notice: Notice = null;
    /** A batch offered with the notice, for a quantity above one order's; shown once, as the notice is. */
    let offer: BatchOffer | null = null;
    const menu = createMenuDisplay(ctx.api, chatId, deps.logger, carried?.menuId ?? null);
    let editInPlace = false;
    let shownCategories: CatalogCategory[] = carried?.shownCategories ?? [];
    let confirmKey: string | null = carried?.confirmKey ?? null;
    /** The confirm key a step-up code is awaited for (confirm-step.ts); the summary keeps that key while its numbers hold. */
    let codeFor: string | null = carried?.codeFor ?? null;
    let prefetched: Quote | null = null; // A fresh read taken at Confirm, for the summary shown again instead of placing.
    /** The last step did not reach the staff member: their next update shows it again. */
    let unshown = carried?.unshown ?? false;
    /** The answer to the press this run takes: it only stops the button's spinner, so it goes while the step is
     * read and drawn, not one Telegram round trip before; the run ends once it has gone (answerPress never throws). */
    let pressAnswer: Promise<void> = Promise.resolve();

    const reads = createOrderReads(conversation, deps, chatId, userId);
    const { fetch, whileSlow, pausedNow, limitFor, readQuote } = reads;
    const favouriteTools = { conversation, deps, readQuote, view, userId };
    const purposeTools = { conversation, reads: deps.costCentres, view, userId };

    async function waitInput(): Promise<Input> {
      for (;;) {
        const next = await conversation.wait({ maxMilliseconds: deps.idleMs });
        const query = next.callbackQuery;
        if (query) {
          const pressed = parseData(query.data);
          // Buttons of other features are not ours to answer: skip() alone would swallow them.
          if (!pressed) await conversation.skip({ next: true });
          if (unshown) {
            pressAnswer = answerPress(next);
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
          if (!acceptsPress(draft, pressed!, { perItemLimit: deps.perItemLimit, confirmOffered: confirmKey !== null, maxLines: deps.maxLines })) {
            pressAnswer = answerPress(next, t('order-button-invalid'));
            return { kind: 'again' };
          }
          pressAnswer = answerPress(next);
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
          return categoryView(view, page, notice, lineCount(draft), draft.product === null, await favouritesShown(favouriteTools, draft));
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
        case 'quantity': {
          const stars = deps.favourites ? { pin: await conversation.external(() => deps.favouritePins?.canPin(userId!) ?? false) } : undefined;
          return quantityView({ ...view, ...(stars ? { stars } : {}) }, draft, notice, lineCount(draft) > 1 && currentIndex(draft) !== null ? currentIndex(draft)! + 1 : null, offer);
        }
        case 'field':
          return fieldView(view, draft, notice);
        case 'summary': {
          // What the order is for is asked first, where administrators turned that on (purpose-step.ts).
          const first = await purposeFirst(purposeTools, draft);
          if (!first) return renderSummary();
          ({ draft } = first);
          notice = first.notice ?? notice;
          return render();
        }
        case 'purpose':
        case 'note':
          return purposeView(purposeTools, draft, notice);
        case 'edit':
          return editView(view, draft, lineCount(draft) > 1 ? (currentIndex(draft) ?? 0) + 1 : null, notice);
      }
    }

    /**
     * The summary, with the price and stock read from the provider just now
     * (or at Confirm): what changed since the staff member last saw it is
     * marked, and Confirm is offered only for numbers that were read.
     */
    async function renderSummary(): Promise<Outgoing> {
      const complete = resumeCart(draft);
      if (complete !== draft) {
        draft = complete;
        return render();
      }
      const pause = await pausedNow();
      if (pause) return pausedView(view, pause, notice);
      const lines = cartLines(draft);
      const fresh = prefetched?.details.length === lines.length ? prefetched : null;
      const quote = fresh ?? (await readQuote(lines.map((line) => line.product.id)));
      prefetched = null;
      // Hidden while it sat in the order: its line leaves, saying why, and nothing hidden is ever offered to confirm.
      if (quote.hidden && quote.hidden.length > 0) {
        ({ draft, notice } = dropHidden(view, draft, quote.hidden));
        return render();
      }
      const judged = judgeQuote(view, draft, quote, deps.troubleText);
      if (judged.kind === 'unchecked') return uncheckedView(view, judged.reason, notice);
      draft = judged.draft;
      if (judged.kind === 'step') {
        notice = judged.notice;
        return render();
      }
      const lineChanges = judged.changes;
      const changes = lineChanges[currentIndex(draft) ?? 0] ?? NO_CHANGES;
      const facts = { balance: quote.balance.ok ? quote.balance.value.balance : null, changes, lineChanges, limit: await limitFor(draft) };
      const total = draftTotal(draft);
      if (facts.balance !== null && facts.balance < total) {
        const short = { balance: facts.balance, total, personId: userId! };
        await conversation.external(() => deps.onWalletShort?.(short));
      }
      if (canConfirm(draft, facts, deps.perItemLimit)) {
        // Chosen while showing the summary, so it is saved before Confirm can be pressed:
        // if the process dies after the POST, the replayed Confirm carries the same key
        // and the order service recognises it instead of placing a second order.
        confirmKey = codeFor ?? (await conversation.external(() => crypto.randomUUID()));
        const centre = draft.purpose?.costCentreId ?? null;
        const waits = await conversation.external(async () => (await deps.approvalNeeded?.(userId!, total, centre)) ?? false);
        if (waits) {
          // Below any other notice (a price changed since an order repeated), never instead of it.
          const note = t('approval-summary-note');
          notice = notice === null ? note : `${notice}\n${note}`;
        }
      }
      return summaryView(view, draft, { ...facts, confirmKey }, notice);
    }

    /** Presses reach here only when the step offers them (see acceptsPress); moves within the draft are in press-draft.ts. */
    async function press(pressed: Pressed): Promise<'continue' | 'done'> {
      const id = numericValue(pressed);
      switch (pressed.action) {
        case ACTION.cancel:
          await finish(closedView(t('cancel-done'), false, t));
          return 'done';
        case ACTION.product:
          if (id !== null) ({ draft, notice } = await pickProduct({ conversation, deps, reads, t }, draft, id));
          break;
        case ACTION.costCentre:
        case ACTION.skipPurpose:
          ({ draft, notice } = await pressPurpose(purposeTools, draft, pressed));
          break;
        case ACTION.removeLine: {
          const title = draft.product?.title ?? '';
          draft = removeCurrent(draft);
          notice = t('cart-removed', { product: title });
          break;
        }
        case ACTION.confirm:
          return (await confirmIfFresh()) ? 'done' : 'continue';
        default: {
          // A favourite, a team pick or the star; any other press only moves the draft.
          const moved = await favouritePress(favouriteTools, draft, pressed);
          if (moved) ({ draft, notice, prefetched } = moved);
          else draft = pressOnDraft(draft, pressed, deps.perItemLimit);
        }
      }
      return 'continue';
    }

    /** Confirm pressed: places the order, or shows the summary again on what changed (confirm-step.ts). */
    async function confirmIfFresh(codePassed = false): Promise<boolean> {
      // A cost centre retired (or a mode changed) since the summary was shown: asked again, nothing placed.
      const asked = await purposeFirst(purposeTools, draft);
      if (asked) {
        ({ draft, notice } = asked);
        return false;
      }
      const answer = await confirmStep({ conversation, deps, reads: { pausedNow, readQuote, limitFor }, menu, view, chatId: chatId!, userId: userId! }, { draft, confirmKey, editInPlace, codePassed });
      switch (answer.kind) {
        case 'placed':
          editInPlace = true;
          await finish(answer.out);
          return true;
        case 'over-limit':
          notice = answer.notice;
          editInPlace = true;
          return false;
        case 'again':
          if (answer.notice !== undefined) notice = answer.notice;
          prefetched = answer.prefetched;
          return false;
        case 'step-up':
          notice = answer.notice;
          codeFor = answer.asked ? confirmKey : null;
          return false;
        case 'not-now':
          return false;
        case 'hidden':
          ({ draft, notice } = dropHidden(view, draft, answer.productIds));
          editInPlace = true;
          return false;
      }
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
      if (shown !== 'shown') confirmKey = null;
      // A code is awaited only for the summary on screen, with the key it was asked for.
      if (confirmKey !== codeFor) codeFor = null;
      notice = null;
      offer = null;
    }

    // A run takes one answer to the step on screen and shows the next, then hands the order on:
    // the next update replays only this run's wait, not the steps before it.
    if (!carried) {
      // "Order again": every line of the past order, re-quoted (again-start.ts).
      if (args?.again) ({ draft, notice, prefetched } = await startFromPast({ conversation, deps, readQuote, view }, args.again));
      await showStep();
    }
    /** Takes the answer to the step on screen and shows the next, then hands the order on. */
    const takeAnswer = async (input: Input): Promise<void> => {
      if (input.kind === 'not-text') {
        notice = t('order-not-text');
      } else if (input.kind === 'press') {
        if ((await press(input.pressed)) === 'done') return;
      } else if (input.kind === 'text' && codeFor !== null && (await conversation.external(() => deps.orderStepUp?.takePass(userId, codeFor!) ?? false))) {
        // The step-up gate took a right code for this summary's order: Confirm goes on with it.
        if (await confirmIfFresh(true)) return;
      } else if (input.kind === 'text' && (draft.step === 'purpose' || draft.step === 'note')) {
        ({ draft, notice } = answerNote(draft, input.text.slice(0, 4096), view));
      } else if (input.kind === 'text') {
        const step = draft.step as InputStep;
        ({ draft, notice, offer = null } = answerText(draft, step, input.text.slice(0, step === 'field' ? 4096 : MAX_SEARCH_LENGTH), deps.perItemLimit, t));
      }
      await showStep();
      const next: OrderArgs = {
        locale,
        carried: { draft, menuId: menu.id(), shownCategories, confirmKey, unshown, codeFor },
      };
      await conversation.external((outside) => handOver(outside, next));
    };

    const input = await waitInput();
    try {
      await takeAnswer(input);
    } finally {
      await pressAnswer;
    }
  };
}

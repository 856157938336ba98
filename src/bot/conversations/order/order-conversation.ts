import type { Conversation } from '@grammyjs/conversations';
import type { Context } from 'grammy';
import type { CatalogCategory, CatalogQueries } from '../../../catalog/catalog-queries.js';
import type { Logger } from '../../../logger.js';
import type { OrderService } from '../../../orders/order-service.js';
import type { ProviderClient } from '../../../provider/client.js';
import type { BotContext } from '../../context.js';
import type { Locale, Translate } from '../../i18n.js';
import type { Trouble } from '../../provider-trouble.js';
import { editFormatted, removeKeyboard, sendFormatted, type Outgoing } from '../../send.js';
import { ACTION, numericValue, parseData, type Pressed } from './actions.js';
import { answerText, type Step as InputStep } from './answer-text.js';
import { back, chooseCategory, chooseProduct, chooseQuantity, chooseRegion, answerField, currentField, editStep, isComplete, maxQuantity, newDraft, type Draft, type EditTarget } from './draft.js';
import { describePlaceResult, placeInputFrom } from './place.js';
import { categoryView, closedView, editView, fieldView, productListView, quantityView, regionView, summaryView, type Notice, type ViewContext } from './views.js';

export interface OrderConversationDeps {
  catalog: CatalogQueries;
  provider: Pick<ProviderClient, 'getProduct' | 'getBalance'>;
  orders: Pick<OrderService, 'createIntentAndPlace'>;
  translate: (locale: Locale) => Translate;
  /** Classifies and logs a provider failure, alerting administrators where needed. */
  onProviderTrouble: (error: unknown, context: string) => Promise<Trouble>;
  troubleText: (t: Translate, trouble: Trouble) => string;
  amountUnit: string;
  sandbox: boolean;
  idleMs: number;
  perItemLimit: number;
  logger: Logger;
}

export interface OrderArgs {
  locale: Locale;
}

const PAGE_SIZE = 8;
const MAX_SEARCH_LENGTH = 64;

type Input = { kind: 'press'; pressed: Pressed } | { kind: 'text'; text: string };

/** Plain result objects only: an error thrown inside `external` would be stored as `{}`. */
type Fetched<T> = { ok: true; value: T } | { ok: false; trouble: Trouble };

/**
 * The guided order: category, product, region, quantity, each required
 * field, summary, confirm. One menu message is edited in place while the
 * staff member taps; a typed answer gets a fresh menu below it. Every read
 * of the catalog or the provider runs in `external`, so replays after a
 * restart see the same answers and repeat no side effect.
 */
export function createOrderConversation(deps: OrderConversationDeps) {
  return async function order(conversation: Conversation<BotContext, Context>, ctx: Context, args?: OrderArgs) {
    const chatId = ctx.chat?.id;
    const userId = ctx.from?.id;
    if (chatId === undefined || userId === undefined) return;
    const locale: Locale = args?.locale ?? 'en';
    const t = deps.translate(locale);
    const view: ViewContext = { t, locale, amountUnit: deps.amountUnit, sandbox: deps.sandbox, perItemLimit: deps.perItemLimit };

    let draft = newDraft();
    let notice: Notice = null;
    let menu: number | null = null;
    let editInPlace = false;
    let shownCategories: CatalogCategory[] = [];
    let confirmKey: string | null = null;

    const fetch = <T>(context: string, task: () => Promise<T> | T): Promise<Fetched<T>> =>
      conversation.external(async () => {
        try {
          return { ok: true as const, value: await task() };
        } catch (error) {
          return { ok: false as const, trouble: await deps.onProviderTrouble(error, context) };
        }
      });

    async function show(out: Outgoing): Promise<void> {
      if (menu !== null && editInPlace) {
        try {
          await editFormatted(ctx.api, chatId!, menu, out);
          return;
        } catch {
          // Too old or gone: fall through and send a new menu.
        }
      }
      if (menu !== null) await removeKeyboard(ctx.api, chatId!, menu);
      menu = await sendFormatted(ctx.api, chatId!, out);
    }

    async function waitInput(): Promise<Input> {
      for (;;) {
        const next = await conversation.wait({ maxMilliseconds: deps.idleMs });
        const query = next.callbackQuery;
        if (query) {
          const pressed = parseData(query.data);
          // Buttons of other features and of older menus are not ours to answer: their own
          // handlers (or the "menu expired" answer) take them. skip() alone would swallow them.
          if (!pressed || query.message?.message_id !== menu) await conversation.skip({ next: true });
          if (pressed!.action === ACTION.soldOut) {
            await next.answerCallbackQuery({ text: t('order-out-of-stock') });
            continue;
          }
          await next.answerCallbackQuery();
          editInPlace = true;
          return { kind: 'press', pressed: pressed! };
        }
        const text = next.message?.text;
        // Commands (/balance, /help…) are handled by their own features meanwhile.
        if (text === undefined || text.startsWith('/')) await conversation.skip({ next: true });
        editInPlace = false;
        return { kind: 'text', text: text! };
      }
    }

    async function render(): Promise<Outgoing> {
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
        case 'summary': {
          // Chosen while showing the summary, so it is saved before Confirm can be pressed:
          // if the process dies after the POST, the replayed Confirm carries the same key
          // and the order service recognises it instead of placing a second order.
          confirmKey = await conversation.external(() => crypto.randomUUID());
          const balance = await fetch('balance for summary', () => deps.provider.getBalance());
          return summaryView(view, draft, { balance: balance.ok ? balance.value.balance : null }, notice);
        }
        case 'edit':
          return editView(view, draft);
      }
    }

    async function pickProduct(productId: number): Promise<void> {
      const detail = await fetch('product detail', () => deps.provider.getProduct(productId));
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

    async function press(pressed: Pressed): Promise<'continue' | 'done'> {
      const id = numericValue(pressed);
      switch (pressed.action) {
        case ACTION.back:
          draft = back(draft);
          break;
        case ACTION.cancel:
          await show(closedView(t('cancel-done'), false, t));
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
        case ACTION.region: {
          const region = draft.product?.regionProperties.find((r) => r.regionPropertyId === id);
          if (region && region.stock > 0) draft = chooseRegion(draft, region.regionPropertyId);
          break;
        }
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
        case ACTION.confirm:
          if (draft.step !== 'summary' || confirmKey === null || !isComplete(draft)) break;
          await confirm(confirmKey);
          return 'done';
      }
      return 'continue';
    }

    async function confirm(confirmKey: string): Promise<void> {
      await show(closedView(t('order-placing'), deps.sandbox, t));
      const input = placeInputFrom(draft, { confirmKey, userId: userId!, chatId: chatId! });
      const outcome = await conversation.external(async () => {
        try {
          const result = await deps.orders.createIntentAndPlace(input);
          // A refused key or IP is for administrators to fix: they are told (once).
          if (result.kind === 'rejected' && (result.reason === 'auth' || result.reason === 'forbidden')) {
            await deps.onProviderTrouble(result.error, 'place order');
          }
          return describePlaceResult(result);
        } catch (error) {
          return { kind: 'trouble' as const, trouble: await deps.onProviderTrouble(error, 'place order') };
        }
      });
      const text =
        outcome.kind === 'trouble'
          ? outcome.trouble === 'internal'
            ? t('order-failed-internal')
            : deps.troubleText(t, outcome.trouble)
          : t(outcome.messageKey, { ...outcome.variables, ...(outcome.stateKey ? { state: t(outcome.stateKey) } : {}) });
      editInPlace = true;
      await show(closedView(text, deps.sandbox, t));
    }

    for (;;) {
      await show(await render());
      notice = null;
      const input = await waitInput();
      if (input.kind === 'press') {
        if ((await press(input.pressed)) === 'done') return;
        continue;
      }
      const step = draft.step as InputStep;
      const answered = answerText(draft, step, input.text.slice(0, step === 'field' ? 4096 : MAX_SEARCH_LENGTH), deps.perItemLimit, t);
      draft = answered.draft;
      notice = answered.notice;
    }
  };
}

function editTargetOf(value: string | null): EditTarget | null {
  if (value === 'p') return { kind: 'product' };
  if (value === 'r') return { kind: 'region' };
  if (value === 'q') return { kind: 'quantity' };
  const match = value?.match(/^f([0-9]{1,3})$/);
  return match ? { kind: 'field', index: Number(match[1]) } : null;
}

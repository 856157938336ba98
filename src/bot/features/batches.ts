import { Composer, InputFile } from 'grammy';
import type { BatchCatalog } from '../../batches/batch-check.js';
import { checkBatch } from '../../batches/batch-check.js';
import { batchCommandProblemsText } from '../../batches/batch-messages.js';
import type { BatchNotices } from '../../batches/batch-notices.js';
import { planBatch } from '../../batches/batch-plan.js';
import type { BatchService } from '../../batches/batch-service.js';
import type { BatchRecord } from '../../db/batch-store.js';
import { batchTemplate, batchTemplateName } from '../../batches/batch-template.js';
import { BATCH_COLUMNS } from '../../batches/columns.js';
import { BATCH_DATA, batchListView, batchProgressView, type BatchViewContext } from '../../batches/batch-views.js';
import type { Logger } from '../../logger.js';
import type { ProviderFor } from '../../safeguards/velocity/read-pace.js';
import { ProviderNotFoundError } from '../../provider/errors.js';
import { normaliseDigits } from '../../text/digits.js';
import { formatId } from '../../text/format.js';
import type { BaseContext } from '../context.js';
import { mayOrder, orderersOnly, readsEveryone } from '../middleware/roles.js';
import { readerView } from '../reader-view.js';
import { removeKeyboard, sendFormatted } from '../send.js';
import { keyboardOf } from '../send-port.js';
import { offerBatch } from './batch-upload.js';
import type { BatchCostCentreReads } from './batch-cost-centre.js';
import type { VelocityGuard } from '../../safeguards/velocity/velocity-guard.js';
import { velocityRefusalText } from '../../safeguards/velocity/velocity-texts.js';
import type { OrderStepUp } from '../../safeguards/step-up/order-step-up.js';
import { orderStepUpNotice } from '../conversations/order/step-up-notice.js';
import type { StepUpGate } from '../step-up-gate.js';
import type { BatchApprovalCards } from '../../batches/batch-approval-cards.js';
import { batchApprovalsFeature } from './batch-approvals.js';
import type { ViewContext } from '../conversations/order/views.js';
import { showAmount } from '../../text/presentation.js';
import { batchOverBudgetText } from '../../budgets/budget-texts.js';
import { BATCH_OFFER_DATA, readBatchOffer } from '../batch-offer.js';

export interface BatchesDeps {
  batches: BatchService;
  /** What /order asks of cost centres: a batch whose file named none is asked one (batch-cost-centre.ts). */
  costCentres?: BatchCostCentreReads;
  notices: Pick<BatchNotices, 'progress' | 'resend'>;
  catalog: BatchCatalog;
  providerFor: ProviderFor<'getBalance' | 'getProduct'>;
  /** Where a batch waiting for an administrator is announced (the administrators' group, or each approver privately), and how its cards end. */
  approvalCards: BatchApprovalCards;
  /** How a person other than the reader of this update is written to. */
  viewFor: (personId: number) => BatchViewContext;
  /** Names the requester on approval cards: name, @username and Telegram id, controls stripped. */
  describePerson: (telegramId: number) => string;
  /** Velocity limits: a batch's Confirm counts as one order of the person's hour. */
  velocity?: Pick<VelocityGuard, 'take' | 'check'>;
  /** Step-up for large orders: a batch above the amount asks for a code at its Confirm too. */
  orderStepUp?: Pick<OrderStepUp, 'needed' | 'ask' | 'takePass'>;
  /** Where step-up is on, approving a batch asks the approver's own code first (in the group, privately). */
  approverStepUp?: Pick<StepUpGate, 'require' | 'requirePrivately' | 'onCode'>;
  perOrderMax: number;
  /** Most orders a batch may hold (BATCH_MAX_ROWS, the same bound as a file's rows). */
  maxRows: number;
  logger: Logger;
}

const LIST_SIZE = 5;
/** The file of codes is sent again on request at most this often per batch. */
const RESEND_EVERY_MS = 60_000;

/** What a step-up code for a batch's Confirm is bound to: this batch alone. */
const stepUpKeyOf = (batch: Pick<BatchRecord, 'key'>): string => `batch:${batch.key}`;

const stepUpView = (ctx: BaseContext): ViewContext => ({ ...readerView(ctx), perItemLimit: 0 });

/**
 * /batch                              the person's recent batches and how to start one
 * /batch template <product id>        a file to fill in for that product
 * /batch <product id> <quantity> [region]  a batch of that many units, split into orders of the per-order maximum
 * /batch #<id>                        one batch's progress, and its file of codes again (to its orderer)
 * and the buttons of batch messages: Confirm, Cancel, Stop, Continue (Approve and Refuse: batch-approvals.ts);
 * and the batch an order offers for more than one order may hold (batch-offer.ts).
 */
export function batchesFeature(deps: BatchesDeps) {
  const composer = new Composer<BaseContext>();
  // Before the other batch buttons: Approve and Refuse exactly as a card carries them, privately or in the administrators' group.
  composer.use(batchApprovalsFeature(deps));
  const lastResend = new Map<number, number>();
  const say = (ctx: BaseContext, key: string, vars?: Record<string, string | number>) => ctx.reply(ctx.t(key, vars));

  async function showBatch(ctx: BaseContext, id: number): Promise<void> {
    const batch = await deps.batches.get(id);
    const own = batch?.requesterId === ctx.member.telegramId;
    // Those who read everyone's orders in /orders may open anyone's batch from there.
    if (!batch || (!own && !readsEveryone(ctx.member.role))) return void (await say(ctx, 'batch-not-found', { id: formatId(id, ctx.member.locale) }));
    const orders = await deps.batches.orders(id);
    const view = batchProgressView(readerView(ctx), batch, orders);
    await sendFormatted(ctx.api, ctx.chat!.id, { text: view.text, ...(own && view.buttons.length > 0 ? { keyboard: keyboardOf(view.buttons) } : {}) });
    // Codes go to the chat that ordered them only: an administrator sees the numbers, not the file.
    if (own && orders.some((order) => order.state === 'completed')) {
      // Each file reads every delivery again at the provider: once a minute per batch at most.
      const last = lastResend.get(batch.id) ?? -Infinity;
      if (Date.now() - last < RESEND_EVERY_MS) return void (await say(ctx, 'batch-file-just-sent'));
      lastResend.set(batch.id, Date.now());
      await deps.notices.resend(batch, orders, ctx.member.telegramId);
    }
  }

  async function sendTemplate(ctx: BaseContext, id: number): Promise<void> {
    try {
      const product = await deps.providerFor(ctx.member.telegramId).getProduct(id, { priority: 'interactive' });
      await ctx.replyWithDocument(new InputFile(Buffer.from(batchTemplate(product), 'utf8'), batchTemplateName(id)), { caption: ctx.t('batch-template-caption', { product: product.title }) });
    } catch (error) {
      if (error instanceof ProviderNotFoundError) return void (await say(ctx, 'batch-product-unknown', { product: String(id) }));
      throw error;
    }
  }

  async function quantityBatch(ctx: BaseContext, words: string[]): Promise<void> {
    const [productWord, quantityWord, ...regionWords] = words;
    let product;
    try {
      product = await deps.providerFor(ctx.member.telegramId).getProduct(Number(productWord), { priority: 'interactive' });
    } catch (error) {
      if (error instanceof ProviderNotFoundError) return void (await say(ctx, 'batch-product-unknown', { product: productWord ?? '' }));
      throw error;
    }
    // Answers differ from order to order (an e-mail each): those batches come from a file.
    if (product.requiredFields.length > 0) return void (await say(ctx, 'batch-quantity-needs-file', { id: product.id }));
    const row = { rowNumber: 2, cells: { [BATCH_COLUMNS.product[0]]: String(product.id), [BATCH_COLUMNS.region[0]]: regionWords.join(' '), [BATCH_COLUMNS.quantity[0]]: quantityWord ?? '' }, stray: [] };
    const checked = await checkBatch({ header: Object.keys(row.cells), rows: [row] }, deps.catalog);
    if (!checked.ok) return void (await ctx.reply(batchCommandProblemsText(checked.problems, product.title, ctx.t, ctx.member.locale)));
    const plan = planBatch(checked.lines, deps.perOrderMax).map((order) => ({ ...order, rows: [] }));
    await offerBatch(ctx, deps, { source: 'quantity', fileHash: null, fileName: null, plan });
  }

  composer.command('batch', orderersOnly, async (ctx) => {
    const words = normaliseDigits(ctx.match).trim().split(/\s+/).filter((word) => word !== '');
    if (words.length === 0) {
      const batches = await deps.batches.listForUser(ctx.member.telegramId, LIST_SIZE);
      return void (await sendFormatted(ctx.api, ctx.chat.id, { text: batchListView(readerView(ctx), batches, deps.perOrderMax) }));
    }
    if (words[0]!.toLowerCase() === 'template') {
      const id = Number(words[1]);
      if (!Number.isSafeInteger(id) || id <= 0) return void (await say(ctx, 'batch-template-usage'));
      return sendTemplate(ctx, id);
    }
    const batchRef = /^#?([0-9]{1,12})$/.exec(words[0]!);
    if (words.length === 1 && batchRef) return showBatch(ctx, Number(batchRef[1]));
    if (words.length >= 2 && /^[0-9]{1,12}$/.test(words[0]!) && /^[0-9]{1,6}$/.test(words[1]!)) return quantityBatch(ctx, words);
    await say(ctx, 'batch-usage');
  });

  // The batch an order offered for a quantity above one order's: what /batch would have answered to the command it stands for.
  composer.callbackQuery(BATCH_OFFER_DATA, async (ctx) => {
    if (!mayOrder(ctx.member.role)) return void (await ctx.answerCallbackQuery({ text: ctx.t('viewer-refused') }));
    await ctx.answerCallbackQuery();
    const offer = readBatchOffer(ctx.match as RegExpMatchArray);
    if (offer.kind === 'file') return sendTemplate(ctx, offer.productId);
    const region = offer.regionPropertyId === null ? [] : [String(offer.regionPropertyId)];
    return quantityBatch(ctx, [String(offer.productId), String(offer.quantity), ...region]);
  });

  composer.callbackQuery(BATCH_DATA, async (ctx) => {
    const [, verb, idText, priceText] = ctx.match as RegExpMatchArray;
    const id = Number(idText);
    const by = ctx.member.telegramId;
    const message = ctx.callbackQuery.message;
    const clear = () => (message ? removeKeyboard(ctx.api, message.chat.id, message.message_id) : Promise.resolve());
    // Opening a batch from /orders: showBatch decides who may see it, the /orders page stays for the next tap.
    if (verb === 'sh') {
      await ctx.answerCallbackQuery();
      return showBatch(ctx, id);
    }
    // Approve and Refuse carry no price: one that does was not made by this bot, and changes nothing.
    if (verb === 'ap' || verb === 'rf') return void (await ctx.answerCallbackQuery({ text: ctx.t('batch-approval-settled') }));
    if (!mayOrder(ctx.member.role)) return void (await ctx.answerCallbackQuery({ text: ctx.t('viewer-refused') }));
    switch (verb) {
      case 'ok': {
        await ctx.answerCallbackQuery();
        const batch = await deps.batches.get(id);
        // A large batch asks for a step-up code first, as a large order does; the code's message then confirms it.
        const stepUp = deps.orderStepUp;
        if (stepUp && batch?.state === 'draft' && batch.requesterId === by && (await stepUp.needed(by, batch.total))) {
          // The hour's limit refuses first, before anyone types a code for nothing; the Confirm is counted after the code.
          const pace = (await deps.velocity?.check('orders', by)) ?? { ok: true as const };
          if (!pace.ok) return void (await ctx.reply(velocityRefusalText(readerView(ctx), pace)));
          const asked = await stepUp.ask(by, { confirmKey: stepUpKeyOf(batch), total: batch.total });
          if (asked.kind !== 'pass') return void (await ctx.reply(orderStepUpNotice(stepUpView(ctx), asked, batch.total)));
        }
        await confirmAndStart(ctx, id, clear);
        return;
      }
      case 'no': {
        const cancelled = await deps.batches.stop(id, by);
        await ctx.answerCallbackQuery({ text: cancelled ? ctx.t(cancelled.state === 'stopped' ? 'batch-stopped' : 'batch-cancelled') : undefined });
        await clear();
        // The summary's Cancel pressed after its Confirm (an old client) stops the confirmed batch: told and settled as Stop is.
        if (cancelled?.state === 'stopped') await afterStop(cancelled);
        return;
      }
      case 'stop': {
        const stopped = await deps.batches.stop(id, by);
        await ctx.answerCallbackQuery({ text: stopped ? ctx.t('batch-stopped') : ctx.t('batch-not-stoppable') });
        if (stopped) await afterStop(stopped);
        return;
      }
      case 'go': {
        const held = await deps.batches.get(id);
        const line = held?.plan[held.nextIndex]?.lines[0];
        const to = priceText === undefined ? undefined : Number(priceText);
        const accept = line && to !== undefined ? { productId: line.product.id, regionPropertyId: line.region.regionPropertyId, from: line.region.price, to } : undefined;
        const resumed = await deps.batches.resume(id, by, accept);
        if (resumed.kind === 'approved-price-up') return void (await ctx.answerCallbackQuery({ text: ctx.t('batch-approved-price-up'), show_alert: true }));
        if (resumed.kind === 'hidden') return void (await ctx.answerCallbackQuery({ text: ctx.t('batch-still-hidden'), show_alert: true }));
        await ctx.answerCallbackQuery({ text: resumed.kind === 'running' ? ctx.t('batch-continues') : ctx.t('batch-not-held') });
        await clear();
        if (resumed.kind === 'running') await deps.notices.progress(resumed.batch, { force: true });
        return;
      }
    }
  });

  /** A confirmed batch its orderer stopped: its progress says so, and, stopped while it waited for an administrator, its approval cards say so instead of offering Approve. */
  async function afterStop(stopped: BatchRecord): Promise<void> {
    await deps.notices.progress(stopped, { force: true });
    if (stopped.approvedBy === null) await deps.approvalCards.settle(stopped, { kind: 'stopped' });
  }

  /** One Confirm of a draft: judged as a whole, then running, waiting for an administrator, or refused with why. */
  async function confirmAndStart(ctx: BaseContext, id: number, clear: () => Promise<void>): Promise<void> {
    // Where every order names its cost centre, a draft whose question was never answered (a forged or early Confirm) is not placed.
    if (deps.costCentres?.mode() === 'required') {
      const draft = await deps.batches.get(id);
      if (draft?.state === 'draft' && draft.plan.some((order) => order.costCentreId === undefined || order.costCentreId === null)) return void (await say(ctx, 'batch-cost-centre-first'));
    }
    // One Confirm counts as one order against the orders-per-hour limit: the batch's money is judged by the limits and approval.
    const pace = (await deps.velocity?.take('orders', ctx.member.telegramId)) ?? { ok: true as const };
    if (!pace.ok) return void (await ctx.reply(velocityRefusalText(readerView(ctx), pace)));
    const outcome = await deps.batches.confirm(id, ctx.member.telegramId);
    if (outcome.kind === 'not-yours' || outcome.kind === 'not-draft') return void (await clear());
    if (outcome.kind === 'paused') return void (await say(ctx, 'batch-paused'));
    if (outcome.kind === 'over-limit') {
      const v = outcome.verdict;
      if (v.budget) return void (await ctx.reply(batchOverBudgetText(readerView(ctx), v.cap, v.budget)));
      return void (await say(ctx, 'batch-over-limit', { limit: ctx.t(`batch-limit-${v.limit}`), left: showAmount(readerView(ctx), Math.max(0, v.left)) }));
    }
    await clear();
    if (outcome.kind === 'waiting-approval') {
      await say(ctx, 'batch-sent-for-approval');
      await deps.approvalCards.announce(outcome.batch, outcome.overBudget);
      return;
    }
    if (outcome.kind === 'running') await deps.notices.progress(outcome.batch, { force: true });
  }

  // The step-up code for a batch's Confirm: the gate checked it and left a pass for the person's newest draft; this confirms that draft.
  composer.on('message:text', async (ctx, next) => {
    const stepUp = deps.orderStepUp;
    if (!stepUp || !mayOrder(ctx.member.role) || !/^[0-9]{6}$/.test(normaliseDigits(ctx.message.text).trim())) return next();
    const [newest] = await deps.batches.listForUser(ctx.member.telegramId, 1);
    if (newest?.state !== 'draft' || !(await stepUp.takePass(ctx.member.telegramId, stepUpKeyOf(newest)))) return next();
    await confirmAndStart(ctx, newest.id, () => Promise.resolve());
  });

  return composer;
}

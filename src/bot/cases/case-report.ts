import { Composer, InlineKeyboard, type Middleware } from 'grammy';
import type { Clock } from '../../clock.js';
import type { AppStateStore } from '../../db/app-state-store.js';
import type { CodeCase, CodeCaseStore } from '../../db/code-case-store.js';
import type { OrderQueries } from '../../db/order-queries.js';
import type { OrderRow } from '../../db/order-row.js';
import { CASE_REASONS, MAX_CASE_TEXT, type CaseReason } from '../../domain/code-cases.js';
import type { Logger } from '../../logger.js';
import type { ProviderFor } from '../../safeguards/velocity/read-pace.js';
import { formatNumber } from '../../text/format.js';
import { readerViewOf } from '../../text/presentation.js';
import type { BaseContext, BotContext } from '../context.js';
import type { DescribePerson } from '../describe-person.js';
import { orderName } from '../order-views/order-view.js';
import { readerView } from '../reader-view.js';
import { caseData, parseCaseData } from './case-data.js';
import type { CaseTellersOf } from './case-tellers.js';
import { cardCountOf } from './case-card.js';
import { cardPicker } from './card-picker.js';
import { caseNumber, caseOpenedText, caseSubject } from './case-texts.js';
import { checkNote } from './note-codes.js';

/** A question left unanswered this long is no longer taken as one. */
const ASKED_FOR_MS = 15 * 60_000;

/** The one report a person is half-way through, kept with the app's state so that any instance takes the reply or the Skip. */
interface AskedNote {
  orderId: number;
  /** The card of the order reported (1 = "Card 1"), or null: the whole order. */
  card?: number | null;
  reason: CaseReason;
  /** The force_reply question: only a reply to it is the line of text. */
  prompt: number;
  /** The reasons' message, which carries Skip and becomes the case's note. */
  menu: number | null;
  at: number;
}

const askedKey = (personId: number) => `case.report:${personId}`;

export interface CaseReportDeps {
  cases: Pick<CodeCaseStore, 'report' | 'openFor'>;
  orders: Pick<OrderQueries, 'byId'>;
  /** The order's delivered codes, read as /track shows them, so that a note carrying one is refused. */
  /** The provider as the reporter's update reads it (their reads per minute). */
  providerFor: ProviderFor<'getOrder'>;
  appState: AppStateStore;
  /** Administrators are told of a new case, each in their language, but the one who reported it. */
  tellers: CaseTellersOf;
  describePerson: DescribePerson;
  clock: Clock;
  logger: Logger;
}

/**
 * Why this person may not report a problem with this order's codes (a text
 * key), or null. The orderer and administrators may, a viewer never (they
 * never see codes); only a delivered order has codes to report.
 */
function refusalOf(ctx: BaseContext, order: OrderRow | null): string | null {
  if (!order) return 'case-gone';
  if (ctx.member.role === 'viewer') return 'case-refused-viewer';
  if (ctx.member.role !== 'admin' && order.userId !== ctx.member.telegramId) return 'case-refused-not-yours';
  if (order.state !== 'completed') return 'case-refused-not-delivered';
  return null;
}

/**
 * "Problem with this code": for an order of several cards the press first
 * asks which one ("Card 1".."Card N", or "All cards"); then a reason (four
 * buttons), then one optional line as a reply (force_reply) beside a Skip
 * button, and Skip or the line opens the case: three taps from the
 * delivery for one card, four for several. Each step judges the person, the
 * order and the open case of that card again. The line is refused while it
 * carries one of the order's codes: the administrators never see a code.
 */
export function caseReports(deps: CaseReportDeps): { feature: Composer<BaseContext>; replies: Middleware<BotContext> } {
  const feature = new Composer<BaseContext>();

  /** Refuses with its reason, on the press or as a message; answers whether it refused. */
  async function refused(ctx: BaseContext, order: OrderRow | null, card: number | null | 'any'): Promise<boolean> {
    const refusal = refusalOf(ctx, order) ?? (card !== 'any' && card !== null && card > cardCountOf(order!) ? 'case-refused-stale' : null);
    // 'any': an order of several cards before one is chosen: only a case of the whole order stands in the way yet.
    const open = refusal === null && order ? await deps.cases.openFor(order.id, card === 'any' ? null : card).then((row) => (card === 'any' && row?.card != null ? null : row)) : null;
    if (refusal === null && open === null) return false;
    const text = open ? alreadyText(ctx, open, order!) : ctx.t(refusal!, { order: order ? orderName(order) : '' });
    if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text, show_alert: true });
    else await ctx.reply(text);
    return true;
  }

  const alreadyText = (ctx: BaseContext, open: CodeCase, order: OrderRow) =>
    ctx.t('case-refused-already', { case: caseNumber(ctx.member, open.id), subject: caseSubject(readerView(ctx), open.card, order) });

  async function open(ctx: BaseContext, asked: AskedNote, note: string | null): Promise<void> {
    const order = await deps.orders.byId(asked.orderId);
    const card = asked.card ?? null;
    await deps.appState.set(askedKey(ctx.member.telegramId), null);
    if (await refused(ctx, order, card)) return;
    const reported = await deps.cases.report({
      orderId: order!.id,
      card,
      ordererId: order!.userId,
      reportedBy: ctx.member.telegramId,
      reason: asked.reason,
      note,
      providerOrderId: order!.providerOrderId,
      amount: order!.totalAmount,
    });
    if (ctx.callbackQuery) await ctx.answerCallbackQuery();
    if (reported.kind === 'already') return void (await ctx.reply(alreadyText(ctx, reported.case, order!)));
    const row = reported.case;
    // Never the code: the log and the administrators get the order's facts only.
    deps.logger.info({ caseId: row.id, orderId: row.orderId, card: row.card, reason: row.reason, actorId: ctx.member.telegramId }, 'case opened');
    const done = ctx.t('case-opened', { case: caseNumber(ctx.member, row.id), subject: caseSubject(readerView(ctx), row.card, order!) });
    if (asked.menu !== null) await ctx.api.editMessageText(ctx.chat!.id, asked.menu, done).catch(() => undefined);
    await ctx.reply(done);
    await deps.tellers(ctx.api).notifyOtherAdmins(ctx.member.telegramId, (t, locale) => caseOpenedText({ ...readerViewOf(ctx.presentation, locale, t), describePerson: deps.describePerson }, row, order!));
  }

  feature.callbackQuery(/^cs:/, async (ctx) => {
    const press = parseCaseData(ctx.callbackQuery.data);
    if (!press || (press.kind !== 'problem' && press.kind !== 'card' && press.kind !== 'reason' && press.kind !== 'skip')) {
      return void (await ctx.answerCallbackQuery({ text: ctx.t('case-refused-stale'), show_alert: true }));
    }
    if (press.kind === 'skip') {
      const asked = await deps.appState.get<AskedNote>(askedKey(ctx.member.telegramId));
      if (!asked || asked.orderId !== press.orderId || deps.clock.now() - asked.at > ASKED_FOR_MS) {
        return void (await ctx.answerCallbackQuery({ text: ctx.t('case-refused-stale'), show_alert: true }));
      }
      return open(ctx, asked, null);
    }
    const order = await deps.orders.byId(press.orderId);
    const several = order !== null && cardCountOf(order) > 1;
    // The problem press of an order of several cards asks which card; one card is the whole order, as before cards were told apart.
    const card = press.kind === 'problem' ? (several ? 'any' : null) : press.card;
    if (await refused(ctx, order, card)) return;
    if (press.kind === 'problem' && several) {
      await ctx.answerCallbackQuery();
      const picker = cardPicker(readerView(ctx), order);
      return void (await ctx.reply(picker.text, { reply_markup: picker.keyboard }));
    }
    if (press.kind === 'problem' || press.kind === 'card') {
      await ctx.answerCallbackQuery();
      const chosen = press.kind === 'card' ? press.card : null;
      const keyboard = new InlineKeyboard();
      CASE_REASONS.forEach((reason, index) => {
        keyboard.text(ctx.t(`case-reason-${reason}`), caseData({ kind: 'reason', orderId: order!.id, reason, card: chosen }));
        if (index % 2 === 1) keyboard.row();
      });
      const question = ctx.t('case-ask-reason', { subject: caseSubject(readerView(ctx), chosen, order!) });
      // The cards' question becomes the reasons' one: one message per report.
      if (press.kind === 'card') await ctx.editMessageText(question, { reply_markup: keyboard }).catch(() => ctx.reply(question, { reply_markup: keyboard }));
      else await ctx.reply(question, { reply_markup: keyboard });
      return;
    }
    await ctx.answerCallbackQuery();
    const menu = ctx.callbackQuery.message?.message_id ?? null;
    const askNote = ctx.t('case-ask-note', { reason: ctx.t(`case-reason-${press.reason}`), max: formatNumber(MAX_CASE_TEXT, ctx.member.locale) });
    if (menu !== null) {
      await ctx.editMessageText(askNote, { reply_markup: new InlineKeyboard().text(ctx.t('btn-case-skip'), caseData({ kind: 'skip', orderId: order!.id })) }).catch(() => undefined);
    }
    const prompt = await ctx.reply(ctx.t('case-note-prompt'), { reply_markup: { force_reply: true, input_field_placeholder: ctx.t('case-note-placeholder') } });
    const asked: AskedNote = { orderId: order!.id, card: press.card, reason: press.reason, prompt: prompt.message_id, menu, at: deps.clock.now() };
    await deps.appState.set(askedKey(ctx.member.telegramId), { ...asked });
  });

  /** The line of text, a reply to the question; taken before the order conversation, which would read it as a search. */
  const replies: Middleware<BotContext> = async (ctx, next) => {
    const replyTo = ctx.message?.reply_to_message;
    const text = ctx.message?.text;
    if (!ctx.member || !replyTo || text === undefined || text.startsWith('/') || replyTo.from?.id !== ctx.me.id) return next();
    const asked = await deps.appState.get<AskedNote>(askedKey(ctx.member.telegramId));
    if (!asked || asked.prompt !== replyTo.message_id || deps.clock.now() - asked.at > ASKED_FOR_MS) return next();
    const note = text.trim();
    if (note.length === 0 || [...note].length > MAX_CASE_TEXT || /[\r\n]/.test(note)) {
      return void (await ctx.reply(ctx.t('case-note-refused', { max: formatNumber(MAX_CASE_TEXT, ctx.member.locale) })));
    }
    // Checked before anything is stored or told: the question stays asked, so the person can type the line again (or press Skip).
    const order = await deps.orders.byId(asked.orderId);
    const check = order ? await checkNote(deps.providerFor(ctx.member.telegramId), order, note) : 'unchecked';
    if (check !== 'clean') {
      deps.logger.info({ orderId: asked.orderId, actorId: ctx.member.telegramId, check }, 'case note refused');
      const again = await ctx.reply(ctx.t(check === 'code' ? 'case-note-has-code' : 'case-note-unchecked'), {
        reply_markup: { force_reply: true, input_field_placeholder: ctx.t('case-note-placeholder') },
      });
      return void (await deps.appState.set(askedKey(ctx.member.telegramId), { ...asked, prompt: again.message_id, at: deps.clock.now() }));
    }
    await open(ctx, asked, note);
  };

  return { feature, replies };
}

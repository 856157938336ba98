import { Composer, InlineKeyboard, type Middleware } from 'grammy';
import type { Clock } from '../../clock.js';
import type { AppStateStore } from '../../db/app-state-store.js';
import type { CodeCase, CodeCaseStore } from '../../db/code-case-store.js';
import type { OrderQueries } from '../../db/order-queries.js';
import { CASE_STATES, MAX_CASE_TEXT } from '../../domain/code-cases.js';
import { caseOverdueDaysSetting, MAX_CASE_OVERDUE_DAYS } from '../../ledger/case-overdue-setting.js';
import type { Logger } from '../../logger.js';
import type { Settings } from '../../settings/settings-view.js';
import { normaliseDigits } from '../../text/digits.js';
import { formatNumber } from '../../text/format.js';
import { plain } from '../../text/formatted.js';
import { readerViewOf } from '../../text/presentation.js';
import type { BaseContext, BotContext } from '../context.js';
import type { DescribePerson } from '../describe-person.js';
import { adminsOnly } from '../middleware/admins-only.js';
import { readerView } from '../reader-view.js';
import type { CaseTellersOf } from '../cases/case-tellers.js';
import { caseData, parseCaseData } from '../cases/case-data.js';
import { caseCardText, caseLine, caseNewsText, caseNumber, typedLine, type CaseView } from '../cases/case-texts.js';

/** Settled cases /cases lists under the open ones. */
const RECENT_CASES = 10;
/** Case buttons under the list: a screenful. */
const LISTED_BUTTONS = 24;
const ASKED_FOR_MS = 15 * 60_000;

/** The provider's answer an administrator was asked for, kept with the app's state so that any instance takes the reply. */
interface AskedAnswer {
  caseId: number;
  prompt: number;
  at: number;
}
const askedKey = (personId: number) => `case.answer:${personId}`;

export interface CasesDeps {
  cases: CodeCaseStore;
  orders: Pick<OrderQueries, 'byId'>;
  appState: AppStateStore;
  settings: Settings;
  describePerson: DescribePerson;
  /** The orderer hears of every change to their case, in their language. */
  tellers: CaseTellersOf;
  clock: Clock;
  logger: Logger;
}

/**
 * /cases                     the open cases and the recently settled ones, a button each (administrators)
 * /cases <number>            one case's card: its state buttons and "note the provider's answer"
 * /cases overdue <days>      after how many days an open case is one of the statement's exceptions
 *
 * Every change is audited by the store and told to the orderer. A press
 * carries the state its card showed: a card older than the case's state
 * changes nothing and shows the case as it is now.
 */
export function casesFeature(deps: CasesDeps): { feature: Composer<BaseContext>; replies: Middleware<BotContext> } {
  const feature = new Composer<BaseContext>();
  const viewOf = (ctx: BaseContext): CaseView => ({ ...readerView(ctx), describePerson: deps.describePerson });

  async function card(ctx: BaseContext, row: CodeCase): Promise<{ text: string; keyboard: InlineKeyboard }> {
    const order = await deps.orders.byId(row.orderId);
    const keyboard = new InlineKeyboard();
    CASE_STATES.filter((state) => state !== row.state).forEach((to, index) => {
      keyboard.text(ctx.t('btn-case-move', { state: ctx.t(`case-state-${to}`) }), caseData({ kind: 'move', caseId: row.id, from: row.state, to }));
      if (index % 2 === 1) keyboard.row();
    });
    keyboard.row().text(ctx.t('btn-case-answer'), caseData({ kind: 'answer', caseId: row.id }));
    return { text: caseCardText(viewOf(ctx), row, order), keyboard };
  }

  async function tellOrderer(ctx: BaseContext, row: CodeCase, render: 'moved' | 'answer'): Promise<void> {
    const order = await deps.orders.byId(row.orderId);
    if (!order) return;
    await deps.tellers(ctx.api).tellPerson(row.ordererId, (t, locale) => {
      const v = readerViewOf(ctx.presentation, locale, t);
      if (render === 'moved') return plain(caseNewsText(v, row, order));
      return plain(t('case-news-answer', { case: caseNumber(v, row.id), order: order.providerReference ?? `#${order.id}`, answer: typedLine(row.providerAnswer ?? '') }));
    });
  }

  async function list(ctx: BaseContext): Promise<void> {
    const { open, recent } = await deps.cases.list(RECENT_CASES);
    const v = viewOf(ctx);
    const line = async (row: CodeCase) => `• ${caseLine(v, row, await deps.orders.byId(row.orderId))}`;
    const lines = [open.length === 0 ? ctx.t('cases-none-open') : ctx.t('cases-title', { count: formatNumber(open.length, v.locale) })];
    for (const row of open) lines.push(await line(row));
    if (recent.length > 0) lines.push('', ctx.t('cases-recent'));
    for (const row of recent) lines.push(await line(row));
    lines.push('', ctx.t('cases-usage'));
    const keyboard = new InlineKeyboard();
    [...open, ...recent].slice(0, LISTED_BUTTONS).forEach((row, index) => {
      keyboard.text(caseNumber(v, row.id), caseData({ kind: 'view', caseId: row.id }));
      if (index % 4 === 3) keyboard.row();
    });
    await ctx.reply(lines.join('\n'), { reply_markup: keyboard });
  }

  feature.command('cases', adminsOnly, async (ctx) => {
    const [what, value] = normaliseDigits(ctx.match.trim().toLowerCase()).replace(/^#/, '').split(/\s+/);
    if (!what) return list(ctx);
    if (what === 'overdue') {
      const days = value !== undefined && /^\d{1,3}$/.test(value) ? Number(value) : NaN;
      if (!(days >= 1 && days <= MAX_CASE_OVERDUE_DAYS)) {
        return void (await ctx.reply(ctx.t('cases-overdue-bad', { value: (value ?? '').slice(0, 16), max: formatNumber(MAX_CASE_OVERDUE_DAYS, ctx.member.locale) })));
      }
      await deps.settings.write(caseOverdueDaysSetting, days, ctx.member.telegramId);
      deps.logger.info({ actorId: ctx.member.telegramId, days }, 'case overdue setting changed');
      return void (await ctx.reply(ctx.t('cases-overdue-set', { days: formatNumber(days, ctx.member.locale) })));
    }
    const row = /^\d{1,9}$/.test(what) ? await deps.cases.get(Number(what)) : null;
    if (!row) return void (await ctx.reply(`${ctx.t('case-not-found', { value: what.slice(0, 16) })}\n${ctx.t('cases-usage')}`));
    const shown = await card(ctx, row);
    await ctx.reply(shown.text, { reply_markup: shown.keyboard });
  });

  feature.callbackQuery(/^cs:[vma]:/, adminsOnly, async (ctx) => {
    const press = parseCaseData(ctx.callbackQuery.data);
    if (!press || (press.kind !== 'view' && press.kind !== 'move' && press.kind !== 'answer')) {
      return void (await ctx.answerCallbackQuery({ text: ctx.t('case-refused-stale'), show_alert: true }));
    }
    const row = await deps.cases.get(press.caseId);
    if (!row) return void (await ctx.answerCallbackQuery({ text: ctx.t('case-gone'), show_alert: true }));
    if (press.kind === 'view') {
      await ctx.answerCallbackQuery();
      const shown = await card(ctx, row);
      return void (await ctx.reply(shown.text, { reply_markup: shown.keyboard }));
    }
    if (press.kind === 'answer') {
      await ctx.answerCallbackQuery();
      const prompt = await ctx.reply(ctx.t('case-ask-answer', { case: caseNumber(ctx.member, row.id), max: formatNumber(MAX_CASE_TEXT, ctx.member.locale) }), {
        reply_markup: { force_reply: true, input_field_placeholder: ctx.t('case-answer-placeholder') },
      });
      const asked: AskedAnswer = { caseId: row.id, prompt: prompt.message_id, at: deps.clock.now() };
      return void (await deps.appState.set(askedKey(ctx.member.telegramId), { ...asked }));
    }
    const moved = await deps.cases.move(row.id, press.from, press.to, ctx.member.telegramId);
    if (moved.kind === 'gone') return void (await ctx.answerCallbackQuery({ text: ctx.t('case-gone'), show_alert: true }));
    const now = moved.case;
    const words = { case: caseNumber(ctx.member, now.id), state: ctx.t(`case-state-${now.state}`) };
    if (moved.kind === 'same') await ctx.answerCallbackQuery({ text: ctx.t('case-move-same', words) });
    else if (moved.kind === 'stale') await ctx.answerCallbackQuery({ text: ctx.t('case-move-stale', words), show_alert: true });
    else await ctx.answerCallbackQuery({ text: ctx.t('case-moved', { ...words, orderer: deps.describePerson(now.ordererId) }) });
    // The card shows the case as it is now, whatever the press found.
    const shown = await card(ctx, now);
    await ctx.editMessageText(shown.text, { reply_markup: shown.keyboard }).catch(() => undefined);
    if (moved.kind !== 'moved') return;
    deps.logger.info({ caseId: now.id, from: moved.from, to: now.state, actorId: ctx.member.telegramId }, 'case moved');
    await tellOrderer(ctx, now, 'moved');
  });

  /** The provider's answer, a reply to the question; taken before the order conversation, which would read it as a search. */
  const replies: Middleware<BotContext> = async (ctx, next) => {
    const replyTo = ctx.message?.reply_to_message;
    const text = ctx.message?.text;
    if (!ctx.member || !replyTo || text === undefined || text.startsWith('/') || replyTo.from?.id !== ctx.me.id) return next();
    const key = askedKey(ctx.member.telegramId);
    const asked = await deps.appState.get<AskedAnswer>(key);
    if (!asked || asked.prompt !== replyTo.message_id || deps.clock.now() - asked.at > ASKED_FOR_MS) return next();
    // Asked again at the reply: a role taken away since the press notes nothing.
    if (ctx.member.role !== 'admin') return void (await ctx.reply(ctx.t('admin-only')));
    const answer = text.trim();
    if (answer.length === 0 || [...answer].length > MAX_CASE_TEXT || /[\r\n]/.test(answer)) {
      return void (await ctx.reply(ctx.t('case-note-refused', { max: formatNumber(MAX_CASE_TEXT, ctx.member.locale) })));
    }
    await deps.appState.set(key, null);
    const row = await deps.cases.noteAnswer(asked.caseId, answer, ctx.member.telegramId);
    if (!row) return void (await ctx.reply(ctx.t('case-gone')));
    await ctx.reply(ctx.t('case-answer-kept', { case: caseNumber(ctx.member, row.id), orderer: deps.describePerson(row.ordererId) }));
    await tellOrderer(ctx, row, 'answer');
  };

  return { feature, replies };
}

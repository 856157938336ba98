import { Composer, type Middleware } from 'grammy';
import type { Clock } from '../../clock.js';
import type { AppStateStore } from '../../db/app-state-store.js';
import { MAX_NOTE_TEXT, type NoteKind } from '../../domain/month-close.js';
import { exceptionKey } from '../../ledger/exception-keys.js';
import type { MonthClose, MonthSpan } from '../../ledger/month-close.js';
import type { Statement, StatementException } from '../../ledger/statement.js';
import type { Logger } from '../../logger.js';
import { readMonth } from '../../reports/export-range.js';
import { formatNumber } from '../../text/format.js';
import type { LocalPeriods } from '../../text/local-periods.js';
import type { BaseContext, BotContext } from '../context.js';
import type { DescribePerson } from '../describe-person.js';
import { readerView } from '../reader-view.js';
import { ANNOTATION_PATTERN, kindKeyboard, parseAnnotationData } from '../statement/annotation-data.js';
import { alreadyClosedText, keepAnnotation, spanOf } from '../statement/keep-annotation.js';
import { exceptionText } from '../statement/statement-text.js';

/** A question left unanswered this long is no longer taken as one. */
const ASKED_FOR_MS = 15 * 60_000;

/** The one annotation an administrator is half-way through, kept with the app's state so that any instance takes the reply. */
interface AskedNote {
  /** The month as /statement close takes it (YYYY-MM). */
  month: string;
  key: string;
  kind: NoteKind;
  /** The force_reply question: only a reply to it is the line of text. */
  prompt: number;
  at: number;
}

const askedKey = (personId: number) => `statement.note:${personId}`;

export interface AnnotationButtonsDeps {
  monthClose: Pick<MonthClose, 'check' | 'annotate' | 'notes' | 'closedView'>;
  appState: AppStateStore;
  periods: LocalPeriods;
  describePerson: DescribePerson;
  clock: Clock;
  logger: Logger;
}

/** Where an exception pressed stands now: still to annotate, or why not (a text to say, nothing changed). */
type Pending = { ok: true; span: MonthSpan; exception: StatementException; /** The month as just read, to keep the note against without reading the wallet again. */ statement: Statement } | { ok: false; text: string };

/**
 * The buttons under the statement's annotations (administrators): an
 * exception's button asks what it was (explained, refunded, written off),
 * the answer asks for one line as a reply (force_reply), and the line is
 * kept exactly as /statement note keeps it: same checks, same audit. Each
 * press and the reply judge the presser, the month and the exception again.
 */
export function annotationButtons(deps: AnnotationButtonsDeps): { feature: Composer<BaseContext>; replies: Middleware<BotContext> } {
  const feature = new Composer<BaseContext>();

  async function pending(ctx: BaseContext, month: string, key: string): Promise<Pending> {
    const stale = { ok: false as const, text: ctx.t('month-close-press-stale') };
    const range = readMonth(month, { timeZone: ctx.presentation.timeZone, periods: deps.periods, now: deps.clock.now() });
    if (!range) return stale;
    const span = spanOf(range, ctx.presentation.timeZone);
    const checked = await deps.monthClose.check(span);
    if (checked.kind === 'closed') return { ok: false, text: await alreadyClosedText(ctx, deps, span) };
    if (checked.kind === 'unreadable') return { ok: false, text: ctx.t('statement-not-filled') };
    if (checked.kind === 'future') return stale;
    const exception = checked.kind === 'blocked' ? checked.unannotated.find((candidate) => exceptionKey(candidate) === key) : undefined;
    if (exception) return { ok: true, span, exception, statement: checked.statement };
    const note = (await deps.monthClose.notes(span.month)).find((kept) => kept.key === key);
    if (!note) return { ok: false, text: ctx.t('month-close-press-gone', { key, month }) };
    return { ok: false, text: ctx.t('month-close-press-annotated', { key, month, kind: ctx.t(`month-close-note-kind-${note.kind}`), person: deps.describePerson(note.actorId) }) };
  }

  feature.callbackQuery(ANNOTATION_PATTERN, async (ctx) => {
    const press = parseAnnotationData(ctx.callbackQuery.data);
    if (!press) return void (await ctx.answerCallbackQuery({ text: ctx.t('month-close-press-stale'), show_alert: true }));
    // Read fresh at each press: a role taken away since the statement was sent annotates nothing.
    if (ctx.member.role !== 'admin') return void (await ctx.answerCallbackQuery({ text: ctx.t('admin-only'), show_alert: true }));
    const found = await pending(ctx, press.month, press.key);
    if (!found.ok) {
      deps.logger.info({ actorId: ctx.member.telegramId, month: press.month, key: press.key }, 'statement annotation press refused');
      return void (await ctx.answerCallbackQuery({ text: found.text, show_alert: true }));
    }
    await ctx.answerCallbackQuery();
    if (press.kind === null) {
      const v = { ...readerView(ctx), describePerson: deps.describePerson };
      await ctx.reply(ctx.t('month-close-ask-kind', { key: press.key, exception: exceptionText(v, found.exception) }), { reply_markup: kindKeyboard(press.month, press.key, ctx.t) });
      return;
    }
    const kind = ctx.t(`month-close-note-kind-${press.kind}`);
    // The choice settles: its buttons go, so that the message says what was chosen.
    await ctx.editMessageText(ctx.t('month-close-kind-chosen', { key: press.key, kind }), { reply_markup: { inline_keyboard: [] } }).catch(() => undefined);
    const prompt = await ctx.reply(ctx.t('month-close-note-prompt', { key: press.key, kind, max: formatNumber(MAX_NOTE_TEXT, ctx.member.locale) }), {
      reply_markup: { force_reply: true, input_field_placeholder: ctx.t('month-close-note-placeholder') },
    });
    const asked: AskedNote = { month: press.month, key: press.key, kind: press.kind, prompt: prompt.message_id, at: deps.clock.now() };
    await deps.appState.set(askedKey(ctx.member.telegramId), { ...asked });
  });

  /** The line of text, a reply to the question; taken before the order conversation, which would read it as a search. */
  const replies: Middleware<BotContext> = async (ctx, next) => {
    const replyTo = ctx.message?.reply_to_message;
    const text = ctx.message?.text;
    if (!ctx.member || !replyTo || text === undefined || text.startsWith('/') || replyTo.from?.id !== ctx.me.id) return next();
    const key = askedKey(ctx.member.telegramId);
    const asked = await deps.appState.get<AskedNote>(key);
    if (!asked || asked.prompt !== replyTo.message_id || deps.clock.now() - asked.at > ASKED_FOR_MS) return next();
    if (ctx.member.role !== 'admin') {
      await deps.appState.set(key, null);
      return void (await ctx.reply(ctx.t('admin-only')));
    }
    const line = text.trim();
    // Refused, the question stays open for another reply.
    if (line.length === 0 || [...line].length > MAX_NOTE_TEXT || /[\r\n]/.test(line)) {
      return void (await ctx.reply(ctx.t('month-close-note-refused', { max: formatNumber(MAX_NOTE_TEXT, ctx.member.locale) })));
    }
    await deps.appState.set(key, null);
    // Another administrator may have annotated it, or the month closed, since the press: theirs stands.
    // The statement read for that check is the one the note is kept against: one read of the wallet, not two.
    const found = await pending(ctx, asked.month, asked.key);
    if (!found.ok) return void (await ctx.reply(found.text));
    await ctx.reply(await keepAnnotation(ctx, deps, found.span, { key: asked.key, kind: asked.kind, note: line }, found.statement));
  };

  return { feature, replies };
}

import type { CostCentreName } from '../../domain/cost-centre.js';
import { Composer, GrammyError, InputFile } from 'grammy';
import type { LocalPeriods } from '../../text/local-periods.js';
import type { Clock } from '../../clock.js';
import type { Logger } from '../../logger.js';
import type { AuditTrail } from '../../db/audit-trail.js';
import type { ProviderFor } from '../../safeguards/velocity/read-pace.js';
import { buildCsv } from '../../text/csv.js';
import { readDayRange, readMonth, type DayRange } from '../../reports/export-range.js';
import { formatLocalDate } from '../../reports/local-dates.js';
import { auditTable, ordersTable, summaryTable, type ExportContext, type Table } from '../../reports/local-exports.js';
import type { ReportQueries } from '../../db/report-queries.js';
import { transactionsTable } from '../../reports/transaction-export.js';
import { formatNumber } from '../../text/format.js';
import type { Translate } from '../../text/i18n.js';
import type { BaseContext } from '../context.js';
import { adminsOnly } from '../middleware/admins-only.js';
import type { StepUpGate } from '../step-up-gate.js';
import type { Trouble, TroubleDetail } from '../provider-trouble.js';
import { readerView, type ReaderView } from '../reader-view.js';
import { showAmount, showDay } from '../../text/presentation.js';

/**
 * Telegram takes documents of up to 50 MB from a bot; the multipart
 * envelope and the caption need a little room beside the file.
 */
export const MAX_EXPORT_BYTES = 49 * 1024 * 1024;
/** 50 transactions a page: up to 10,000 transactions, at most 200 requests of the shared budget. */
const MAX_TRANSACTION_PAGES = 200;
/** People listed in the chat under a summary; the file always has everyone. */
const SUMMARY_LINES = 30;

const KINDS = ['orders', 'transactions', 'audit', 'summary'] as const;
type ExportKind = (typeof KINDS)[number];
const isKind = (word: string | undefined): word is ExportKind => (KINDS as readonly string[]).includes(word ?? '');

interface ExportDeps {
  queries: ReportQueries;
  providerFor: ProviderFor<'listTransactions'>;
  audit: AuditTrail;
  describePerson: (id: number) => string;
  /** Every cost centre (retired ones too), for the orders' columns; absent, those columns stay empty. */
  costCentres?: () => Promise<readonly ({ id: number } & CostCentreName)[]>;
  /** Days and months in the bot's time zone and calendar, those of ctx.presentation. */
  periods: LocalPeriods;
  onProviderTrouble: (error: unknown, context: string) => Promise<Trouble>;
  troubleText: (t: Translate, trouble: Trouble, detail?: TroubleDetail) => string;
  clock: Clock;
  logger: Logger;
  /** Step-up confirmation before any export; absent, none. */
  stepUp?: Pick<StepUpGate, 'require' | 'onCode'>;
  maxBytes?: number;
  maxTransactionPages?: number;
}

/**
 * /export orders|transactions|audit [from] [to]   a CSV of the span (default: this month)
 * /export summary [month]                         spend per person for a month, as CSV and a short table
 *
 * Administrators only (there is no read-only role yet). The files hold no
 * code and no delivery: nothing in them comes from an order's detail.
 */
export function exportFeature(deps: ExportDeps) {
  const composer = new Composer<BaseContext>();
  const maxBytes = deps.maxBytes ?? MAX_EXPORT_BYTES;

  /** /export, typed (`stepped` false) or carried on after the step-up code it asked for. */
  async function runExport(ctx: BaseContext, args: string, stepped: boolean): Promise<void> {
    const [kind, ...words] = args.trim().split(/\s+/).filter(Boolean);
    if (!isKind(kind)) return void (await ctx.reply(ctx.t('export-usage')));
    // Everything the team did, in one file: with step-up on, a code from the reader's own authenticator first.
    if (deps.stepUp && !stepped) {
      const asked = [kind, ...words].join(' ').slice(0, 64);
      if (!(await deps.stepUp.require(ctx, { kind: 'export', args: asked }, ctx.t('step-up-what-export', { what: asked })))) return;
    }
    const now = deps.clock.now();
    const place = { timeZone: ctx.presentation.timeZone, periods: deps.periods, now };
    let range: DayRange;
    if (kind === 'summary') {
      const month = words.length <= 1 ? readMonth(words[0], place) : null;
      if (!month) return void (await ctx.reply(ctx.t('export-bad-month', { value: (words.join(' ') || '-').slice(0, 32) })));
      range = month;
    } else {
      const reading = readDayRange(words, place);
      if (!reading.ok) {
        const text =
          reading.problem === 'not-a-date'
            ? ctx.t('export-bad-date', { value: reading.text.slice(0, 32) })
            : ctx.t(reading.problem === 'reversed' ? 'export-reversed' : 'export-usage');
        return void (await ctx.reply(text));
      }
      range = reading.range;
    }

    const v = readerView(ctx);
    const c: ExportContext = { ...v, describePerson: deps.describePerson };
    await ctx.replyWithChatAction('upload_document').catch(() => undefined);
    let table: Table;
    let pagesCut = false;
    if (kind === 'transactions') {
      try {
        const read = await transactionsTable(
          { provider: deps.providerFor(ctx.member.telegramId), queries: deps.queries, maxPages: deps.maxTransactionPages ?? MAX_TRANSACTION_PAGES },
          range,
          c,
        );
        table = read;
        pagesCut = read.cut;
      } catch (error) {
        const trouble = await deps.onProviderTrouble(error, 'export');
        return void (await ctx.reply(deps.troubleText(ctx.t, trouble, { ...readerView(ctx), error })));
      }
    } else {
      table = kind === 'orders' ? ordersTable(deps.queries, range, c, new Map((await (deps.costCentres?.() ?? [])).map((centre) => [centre.id, centre]))) : kind === 'audit' ? auditTable(deps.queries, range, c) : await summaryTable(deps.queries, range, c);
    }

    const csv = await buildCsv(table.header, table.rows, maxBytes);
    const first = formatLocalDate(range.from, v.timeZone);
    const last = formatLocalDate(range.to - 1, v.timeZone);
    const locale = v.locale;
    // The file name keeps ISO dates (files sort by them); what a person reads is in their calendar.
    const span = { from: showDay(v, range.from), to: showDay(v, range.to - 1) };
    if (kind === 'summary') await ctx.reply(await summaryText(v, deps, range, span));
    const caption = [
      ctx.t(`export-caption-${kind}`, { ...span, zone: v.timeZone }),
      ctx.t('export-rows', { count: csv.rows, rows: formatNumber(csv.rows, locale) }),
      csv.cut ? ctx.t('export-cut-size') : null,
      pagesCut ? ctx.t('export-cut-pages', { pages: formatNumber(deps.maxTransactionPages ?? MAX_TRANSACTION_PAGES, locale) }) : null,
    ]
      .filter(Boolean)
      .join('\n');
    try {
      await ctx.replyWithDocument(new InputFile(csv.content, `giftdesk-${kind}-${first}_${last}.csv`), { caption });
    } catch (error) {
      // Only Telegram's own refusal is answered here; anything else is a fault for bot.catch.
      if (!(error instanceof GrammyError)) throw error;
      deps.logger.warn({ actorId: ctx.member.telegramId, kind, bytes: csv.content.length, status: error.error_code }, 'export not accepted by Telegram');
      return void (await ctx.reply(ctx.t('export-not-sent')));
    }
    deps.audit.record({
      actorId: ctx.member.telegramId,
      action: 'export.sent',
      orderId: null,
      amount: null,
      facts: { kind, from: first, to: last, rows: csv.rows, cut: csv.cut || pagesCut },
    });
    deps.logger.info({ actorId: ctx.member.telegramId, kind, rows: csv.rows, bytes: csv.content.length, cut: csv.cut || pagesCut }, 'export sent');
  }

  composer.command('export', adminsOnly, (ctx) => runExport(ctx, ctx.match, false));
  // Carried on only for an administrator now: the role is read again for the update that brings the code.
  deps.stepUp?.onCode('export', async (ctx, action) => {
    if (ctx.member.role !== 'admin') return void (await ctx.reply(ctx.t('admin-only')));
    await runExport(ctx, action.args, true);
  });
  return composer;
}

async function summaryText(v: ReaderView, deps: ExportDeps, range: DayRange, span: { from: string; to: string }): Promise<string> {
  const { t, locale } = v;
  const figures = (await deps.queries.figuresByPerson(range)).sort((a, b) => b.spend - a.spend);
  const title = t('export-summary-title', span);
  if (figures.length === 0) return `${title}\n${t('export-summary-none')}`;
  const lines = figures.slice(0, SUMMARY_LINES).map((f) =>
    t('export-summary-line', {
      person: deps.describePerson(f.userId),
      count: f.orders,
      orders: formatNumber(f.orders, locale),
      spend: showAmount(v, f.spend),
      refunded: formatNumber(f.refunded, locale),
    }),
  );
  const total = figures.reduce((sum, f) => sum + f.spend, 0);
  const more = figures.length > SUMMARY_LINES ? t('export-summary-more', { count: formatNumber(figures.length - SUMMARY_LINES, locale) }) : null;
  return [title, ...lines, more, t('export-summary-total', { spend: showAmount(v, total) })].filter(Boolean).join('\n');
}

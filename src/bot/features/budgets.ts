import { Composer } from 'grammy';
import type { BudgetStore } from '../../db/budget-store.js';
import type { CostCentreStore } from '../../db/cost-centre-store.js';
import type { Budgets } from '../../budgets/budget-judge.js';
import { BUDGET_OVER, BUDGET_OVER_MODES, type BudgetOverMode } from '../../budgets/budget-settings.js';
import type { Clock } from '../../clock.js';
import type { Logger } from '../../logger.js';
import type { Settings } from '../../settings/settings-view.js';
import { parseAmountInput } from '../../text/amount-input.js';
import { normaliseDigits } from '../../text/digits.js';
import { formatNumber } from '../../text/format.js';
import type { LocalPeriods } from '../../text/local-periods.js';
import { showAmount } from '../../text/presentation.js';
import type { BaseContext } from '../context.js';
import { costCentreLine } from './cost-centres.js';
import { budgetsMonthParts } from './budgets-month-text.js';
import { lines, reportPlainText } from '../../text/rich/report.js';
import type { RichReports } from '../rich-report.js';
import { readersOnly } from '../middleware/roles.js';
import { readerView } from '../reader-view.js';
import { replyInParts } from '../reply-in-parts.js';
import { changeWords } from '../../safeguards/dual-control/dual-control-announcer.js';
import { announceImmediate, throughDualControl, type DualControlFeatureDeps } from './dual-control.js';

const DAY_MS = 24 * 60 * 60_000;

interface BudgetsFeatureDeps {
  budgets: Pick<Budgets, 'month' | 'window'>;
  store: Pick<BudgetStore, 'setBudget'>;
  costCentres: Pick<CostCentreStore, 'get'>;
  periods: Pick<LocalPeriods, 'startOfDay' | 'startOfNextMonth'>;
  settings: Settings;
  dual?: DualControlFeatureDeps;
  /** The month as a table where Telegram shows rich messages; absent, plain text. */
  reports?: RichReports;
  clock: Clock;
  logger: Logger;
}

/**
 * /budgets                          each active cost centre's month: budget, spent, committed, left, and the days left
 * /budgets set <n> <amount|off>     a cost centre's monthly budget (administrators; a higher one, or none, through dual control)
 * /budgets over approve|refuse      what an order over its cost centre's budget meets (administrators; audited)
 * Administrators and viewers read; staff are refused.
 */
export function budgetsFeature(deps: BudgetsFeatureDeps) {
  const composer = new Composer<BaseContext>();
  composer.command('budgets', readersOnly, async (ctx) => {
    const [word = '', first = '', second = '', ...rest] = ctx.match.trim().split(/\s+/).filter(Boolean);
    const view = readerView(ctx);
    const money = (value: number) => showAmount(view, value);
    const admin = ctx.member.role === 'admin';
    const over = () => ctx.t('budgets-over-now', { mode: ctx.t(`budgets-over-${deps.settings.read(BUDGET_OVER)}`) });

    if (word === '') {
      const now = deps.clock.now();
      const months = await deps.budgets.month(now);
      const daysLeft = Math.round((deps.periods.startOfNextMonth(now) - deps.periods.startOfDay(now)) / DAY_MS);
      const report = { parts: [...budgetsMonthParts(view, months, daysLeft), lines('', over(), ...(admin ? ['', ctx.t('budgets-usage')] : []))], rtl: view.locale === 'fa' };
      // A table where Telegram shows one; else 50 cost centres with long names run past one message: sent in parts.
      return deps.reports ? deps.reports.send(ctx.api, ctx.chat.id, report) : replyInParts(ctx, reportPlainText(report));
    }
    if (!admin) return ctx.reply(ctx.t('admin-only'));

    if (word.toLowerCase() === 'over') {
      const wanted = first.toLowerCase();
      if (!(BUDGET_OVER_MODES as readonly string[]).includes(wanted) || second !== '') return ctx.reply(`${over()}\n\n${ctx.t('budgets-usage')}`);
      const change = await deps.settings.write(BUDGET_OVER, wanted as BudgetOverMode, ctx.member.telegramId);
      deps.logger.info({ actorId: ctx.member.telegramId, mode: wanted }, 'over-budget orders setting changed');
      return ctx.reply(change.changed ? over() : `${ctx.t('limits-unchanged')}\n${over()}`);
    }

    if (word.toLowerCase() === 'set') {
      const digits = normaliseDigits(first);
      const id = /^[0-9]{1,9}$/.test(digits) ? Number(digits) : null;
      const off = second.toLowerCase() === 'off';
      const value = off ? null : parseAmountInput(second);
      if (id === null || (!off && (value === null || value < 1)) || rest.length > 0) return ctx.reply(ctx.t('budgets-usage'));
      // Read now, from the database: what the change is judged against (a higher budget waits for a second administrator).
      const centre = await deps.costCentres.get(id);
      if (!centre) return ctx.reply(ctx.t('cost-centres-gone', { id: formatNumber(id, ctx.member.locale) }));
      if (centre.retiredAt !== null) return ctx.reply(ctx.t('cost-centres-already-retired', { centre: costCentreLine(centre, ctx.member.locale) }));
      const change = { kind: 'budget' as const, centreId: id, name: centre.name, before: centre.monthlyBudget, value };
      if (deps.dual && !(await throughDualControl(ctx, deps.dual, change))) return;
      const set = await deps.store.setBudget(id, value, ctx.member.telegramId);
      if (set.kind !== 'set') return ctx.reply(ctx.t('cost-centres-gone', { id: formatNumber(id, ctx.member.locale) }));
      deps.logger.info({ actorId: ctx.member.telegramId, costCentre: id, budget: value, changed: set.changed }, 'cost centre budget set');
      const said = ctx.t('budgets-set', { centre: costCentreLine(centre, ctx.member.locale), value: value === null ? ctx.t('budgets-none') : money(value) });
      // A lower budget is set at once; the other administrators still hear of it, as of any rule changed at once.
      const dual = deps.dual;
      if (set.changed && dual) await announceImmediate(ctx, dual, (c) => changeWords(c, { ...change, before: set.before }, dual.teamDefault));
      return ctx.reply(set.changed ? said : `${ctx.t('limits-unchanged')}\n${said}`);
    }
    return ctx.reply(ctx.t('budgets-usage'));
  });
  return composer;
}

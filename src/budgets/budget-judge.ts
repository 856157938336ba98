import type { Clock } from '../clock.js';
import type { BudgetFigures, BudgetStore } from '../db/budget-store.js';
import type { CostCentre } from '../db/cost-centre-store.js';
import type { Settings } from '../settings/settings-view.js';
import type { LocalPeriods } from '../text/local-periods.js';
import { BUDGET_OVER, type BudgetOverMode } from './budget-settings.js';

/**
 * Whether an order of `total` fits its cost centre's budget this month.
 * Over it, `mode` says what the deployment does: ask an administrator or
 * refuse. Plain data: it travels through the order conversation's log and
 * onto the approval card.
 */
export type BudgetVerdict =
  | { ok: true }
  | { ok: false; mode: BudgetOverMode; centreId: number; name: string; budget: number; spent: number; committed: number; total: number };

/** For 'budget': which cost centre and its month's figures, so the refusal says whose budget and by how much, not a person's limit. */
export interface BudgetRefusal {
  centre: string;
  spent: number;
  committed: number;
  /** This order's total at today's prices. */
  total: number;
}

/** One cost centre's month as /budgets shows it. */
export interface BudgetMonth {
  centre: Pick<CostCentre, 'id' | 'name' | 'code' | 'monthlyBudget'>;
  figures: BudgetFigures;
}

export interface Budgets {
  /**
   * Judged on the whole order (a cart's every line) at today's prices and
   * on figures read now, leaving out `exceptOrderId` (the order being
   * placed, already 'placing' under the wallet's one POST). Every other
   * order of the cost centre placed this month is counted, so two halves
   * of one order are each judged with the other already committed.
   */
  judge(centreId: number | null | undefined, total: number, exceptOrderId?: number): Promise<BudgetVerdict>;
  /** Each active cost centre's month holding `nowMs`, by name. */
  month(nowMs: number): Promise<BudgetMonth[]>;
  /** The local month holding `nowMs`: its start (the key of a month's alert) and its end. */
  window(nowMs: number): { from: number; to: number };
}

export function createBudgets(deps: {
  store: Pick<BudgetStore, 'figures'>;
  centres: { get(id: number): Promise<CostCentre | null>; active(): Promise<CostCentre[]> };
  periods: Pick<LocalPeriods, 'startOfMonth' | 'startOfNextMonth'>;
  settings: Pick<Settings, 'read'>;
  clock: Clock;
}): Budgets {
  const window = (nowMs: number) => ({ from: deps.periods.startOfMonth(nowMs), to: deps.periods.startOfNextMonth(nowMs) });
  return {
    window,
    async judge(centreId, total, exceptOrderId) {
      if (centreId === null || centreId === undefined) return { ok: true };
      // Read from the database, never a copy: another instance may have set it a moment ago.
      const centre = await deps.centres.get(centreId);
      if (!centre || centre.monthlyBudget === null) return { ok: true };
      const figures = (await deps.store.figures(window(deps.clock.now()), { centreIds: [centreId], ...(exceptOrderId === undefined ? {} : { exceptOrderId }) })).get(centreId) ?? { spent: 0, committed: 0 };
      if (figures.spent + figures.committed + total <= centre.monthlyBudget) return { ok: true };
      return { ok: false, mode: deps.settings.read(BUDGET_OVER), centreId, name: centre.name, budget: centre.monthlyBudget, ...figures, total };
    },
    async month(nowMs) {
      const active = await deps.centres.active();
      const figures = await deps.store.figures(window(nowMs), { centreIds: active.map((c) => c.id) });
      return active.map((centre) => ({ centre, figures: figures.get(centre.id) ?? { spent: 0, committed: 0 } }));
    },
  };
}

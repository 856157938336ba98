import type { Spent, SpendingStore } from '../db/spending-store.js';
import type { LocalPeriods } from '../text/local-periods.js';

export type { Spent } from '../db/spending-store.js';

export interface SpendingCounter {
  /**
   * What the person spent in the local day and month holding `nowMs`,
   * leaving out `exceptOrderId` (the order being checked). Each period is
   * bounded at both ends, so a past moment can be asked about too.
   */
  spentBy(userId: number, nowMs: number, exceptOrderId?: number): Promise<Spent>;
  /** When the local day or month holding `nowMs` ends: what is spent in it stops counting then. */
  periodEnd(period: 'day' | 'month', nowMs: number): number;
  /** What everyone spent together in the local day and month holding `nowMs`, counted alike. */
  spentByEveryone(nowMs: number): Promise<Spent>;
}

/** Counted from our own orders, not the provider's history: limits hold while the provider is slow or unreachable. */
export function createSpendingCounter(deps: { store: SpendingStore; periods: LocalPeriods }): SpendingCounter {
  const { store, periods } = deps;
  const spent = (userId: number | null, nowMs: number, exceptOrderId?: number): Promise<Spent> =>
    store.spentWithin({
      userId,
      day: { from: periods.startOfDay(nowMs), to: periods.startOfNextDay(nowMs) },
      month: { from: periods.startOfMonth(nowMs), to: periods.startOfNextMonth(nowMs) },
      ...(exceptOrderId === undefined ? {} : { exceptOrderId }),
    });

  return {
    spentBy: (userId, nowMs, exceptOrderId) => spent(userId, nowMs, exceptOrderId),
    spentByEveryone: (nowMs) => spent(null, nowMs),
    periodEnd(period, nowMs) {
      return period === 'day' ? periods.startOfNextDay(nowMs) : periods.startOfNextMonth(nowMs);
    },
  };
}

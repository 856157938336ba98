import type { CostCentreName } from '../domain/cost-centre.js';
import type { CostCentreFigures } from '../db/report-queries.js';

/** Rows of spend per cost centre a digest lists; the rest are folded into one. Enough for a company's usual few, short enough to read on a phone. */
export const MOST_COST_CENTRE_ROWS = 8;

/** One row: a cost centre (null: orders that named none), its counted orders and their spend. */
export interface CostCentreSpendRow {
  centre: CostCentreName | null;
  orders: number;
  spend: number;
}

export interface CostCentreSpend {
  rows: CostCentreSpendRow[];
  /** The cost centres past the cap, summed: how many, their orders and spend; null when none were folded. */
  folded: { centres: number; orders: number; spend: number } | null;
}

/**
 * The day's spend per cost centre as the digest lists it: largest first,
 * "no cost centre" a row like the others, and past `most` rows the
 * smallest summed into one. Null when no order of the day named a cost
 * centre: a deployment that does not ask for them reads the digest as before.
 * A cost centre no longer known (never, as they are only retired) reads as
 * its number rather than vanishing into "none".
 */
export function costCentreSpend(
  figures: readonly CostCentreFigures[],
  centres: ReadonlyMap<number, CostCentreName>,
  most = MOST_COST_CENTRE_ROWS,
): CostCentreSpend | null {
  if (!figures.some((figure) => figure.costCentreId !== null && figure.orders > 0)) return null;
  const sorted = figures
    .filter((figure) => figure.orders > 0)
    .map((figure, index) => ({ figure, index }))
    .sort((a, b) => b.figure.spend - a.figure.spend || a.index - b.index)
    .map(({ figure }) => ({
      centre: figure.costCentreId === null ? null : (centres.get(figure.costCentreId) ?? { name: `#${figure.costCentreId}`, code: null }),
      orders: figure.orders,
      spend: figure.spend,
    }));
  if (sorted.length <= most) return { rows: sorted, folded: null };
  const kept = sorted.slice(0, most - 1);
  const rest = sorted.slice(most - 1);
  return {
    rows: kept,
    folded: { centres: rest.length, orders: rest.reduce((sum, row) => sum + row.orders, 0), spend: rest.reduce((sum, row) => sum + row.spend, 0) },
  };
}

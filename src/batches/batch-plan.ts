import { linesTotal, type OrderLine } from '../orders/order-line.js';
import type { BatchLine } from './batch-problems.js';
import type { BatchOrderPlan } from '../domain/batches.js';
import { splitQuantity } from './split-quantity.js';

/**
 * The orders a batch places: each file row (or the one line asked for) is
 * split into orders of at most the per-order maximum, one product an order,
 * in the file's order. Rows are never merged: each keeps its own answers
 * and its codes can be matched back to it.
 */
export function planBatch(lines: readonly (OrderLine | BatchLine)[], perOrderMax: number): BatchOrderPlan[] {
  const plan: BatchOrderPlan[] = [];
  for (const line of lines) {
    const rows = 'rowNumber' in line ? [line.rowNumber] : [];
    const { rowNumber: _row, costCentreId, ...orderLine } = line as BatchLine;
    const centre = costCentreId === undefined || costCentreId === null ? {} : { costCentreId };
    for (const quantity of splitQuantity(line.quantity, perOrderMax)) plan.push({ lines: [{ ...orderLine, quantity }], rows, ...centre });
  }
  return plan;
}

/** The batch's total at its confirmed prices, and each order's. */
export function planTotals(plan: readonly BatchOrderPlan[]): { total: number; orders: number[] } {
  const orders = plan.map((order) => linesTotal(order.lines));
  return { total: orders.reduce((sum, value) => sum + value, 0), orders };
}

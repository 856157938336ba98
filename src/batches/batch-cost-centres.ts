import type { BatchProblem } from './batch-problems.js';
import { columnKey } from './columns.js';

/** A cost centre as a batch file may name it: by its name or its accounting code. */
export interface BatchCostCentre {
  id: number;
  name: string;
  code: string | null;
  retired: boolean;
}

/**
 * The cost centre a row's cell names, compared folded as the store
 * compares names (case, spaces, Persian and Arabic letters, digits): an
 * active one by name or code, else null with the row's problem (a retired
 * one is told apart from one that never was). An empty cell names none.
 */
export function costCentreOfRow(
  cell: string,
  centres: readonly BatchCostCentre[],
  at: { row: number; column: string },
  problem: (p: BatchProblem) => void,
): number | null {
  if (cell === '') return null;
  const key = columnKey(cell);
  const named = centres.filter((centre) => columnKey(centre.name) === key || (centre.code !== null && columnKey(centre.code) === key));
  const active = named.find((centre) => !centre.retired);
  if (active) return active.id;
  problem({ ...at, rule: named.length > 0 ? 'retired-cost-centre' : 'unknown-cost-centre', value: cell });
  return null;
}

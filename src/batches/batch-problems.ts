import type { FieldProblem } from '../orders/field-validation.js';
import type { OrderLine } from '../orders/order-line.js';

/**
 * What a batch check finds wrong with a row. `row` is the spreadsheet's row
 * number (1 is the header: problems of the columns themselves are on it),
 * `column` the header as the file writes it (or the name the file lacks),
 * `value` the cell as typed.
 */
export type BatchProblem = { row: number; column: string } & (
  | { rule: 'unknown-product'; value: string }
  /** Several products carry this title: the row must name one by id. */
  | { rule: 'ambiguous-title'; value: string; candidates: number[] }
  /** The product has no region at all to order from. */
  | { rule: 'product-unavailable'; value: string }
  /** Administrators hid the product from staff (/catalog). */
  | { rule: 'not-orderable'; value: string }
  | { rule: 'wrong-region'; value: string; regions: string[] }
  | { rule: 'bad-quantity'; value: string }
  /** Rows of this product and region up to this one ask `asked` units; `stock` are left. */
  | { rule: 'quantity-above-stock'; value: string; stock: number; asked: number }
  /** A column the row needs is not in the file (a field of its product, the region of a product with several). */
  | { rule: 'missing-column' }
  | { rule: 'missing-value' }
  /** The chat would have refused this answer, for the field rule's own reason. */
  | { rule: 'invalid-answer'; value: string; problem: FieldProblem }
  /** A header that names no fixed column and no field of the file's products. */
  | { rule: 'unknown-column' }
  /** Two headers name the same field (its title and its id). */
  | { rule: 'duplicate-column' }
  /** No cost centre has this name or code. */
  | { rule: 'unknown-cost-centre'; value: string }
  /** The cost centre was retired: orders no longer name it. */
  | { rule: 'retired-cost-centre'; value: string }
  /** A value beyond the header's columns or under a column without a name. */
  | { rule: 'stray-value'; value: string }
);

/** One order line of a checked batch: what the order service takes, and the row it came from. */
export interface BatchLine extends OrderLine {
  rowNumber: number;
  /** The cost centre the row names, where the file has that column; absent or null: none named. */
  costCentreId?: number | null;
}

export type BatchCheck = { ok: true; lines: BatchLine[] } | { ok: false; problems: BatchProblem[] };

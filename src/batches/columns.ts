import { normaliseSearchText } from '../text/search-text.js';

/**
 * The fixed columns of a batch file and the names each is known by. Staff
 * fill files in spreadsheets set to English or Persian, so either word is
 * read; the template writes the English one, which reads the same in every
 * locale and survives a copy between people.
 */
export const BATCH_COLUMNS = {
  product: ['product', 'product id', 'محصول', 'کالا'],
  region: ['region', 'منطقه', 'ریجن'],
  quantity: ['quantity', 'qty', 'تعداد'],
  /** Optional: the cost centre of the row's orders, by name or accounting code. */
  costCentre: ['cost centre', 'cost center', 'cost centre code', 'مرکز هزینه'],
} as const;

export type BatchColumn = keyof typeof BATCH_COLUMNS;

/**
 * How column names and titles are compared: case, runs of spaces, Arabic or
 * Persian letter forms and digits do not matter (a title typed on an Arabic
 * keyboard is the same title). The catalog's search folding, so a title
 * found by search is found here too.
 */
export function columnKey(name: string): string {
  return normaliseSearchText(name);
}

const FIXED = new Map<string, BatchColumn>(
  (Object.keys(BATCH_COLUMNS) as BatchColumn[]).flatMap((column) => BATCH_COLUMNS[column].map((name) => [columnKey(name), column] as const)),
);

/** The fixed column a header names, or null for a field's column or an unknown one. */
export function fixedColumn(name: string): BatchColumn | null {
  return FIXED.get(columnKey(name)) ?? null;
}

/** A header naming a field by its id: "7", "field 7", "field-7" or "field_7". */
const FIELD_ID_HEADER = /^(?:field[\s_-]*)?([0-9]{1,9})$/;

export function fieldIdOfHeader(name: string): number | null {
  const match = FIELD_ID_HEADER.exec(columnKey(name));
  return match ? Number(match[1]) : null;
}

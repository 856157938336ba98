import type { ProductDetail } from '../provider/schemas.js';
import { csvLine, UTF8_BOM } from '../text/csv.js';
import { BATCH_COLUMNS, columnKey, fieldIdOfHeader, fixedColumn } from './columns.js';

/**
 * A batch file to fill in for one product: the header (product, region,
 * quantity, then each of its fields by its title, as the chat asks them)
 * and one row with the product's id and, when it has a single region, that
 * region, so the staff member only adds quantities and answers. UTF-8 with
 * a byte-order mark and CRLF, so Excel opens the Persian titles as text
 * (csv.ts); the reader takes it back as it is.
 */
export function batchTemplate(product: Pick<ProductDetail, 'id' | 'regionProperties' | 'requiredFields'>): string {
  const header = [BATCH_COLUMNS.product[0], BATCH_COLUMNS.region[0], BATCH_COLUMNS.quantity[0], ...fieldHeaders(product.requiredFields)];
  const only = product.regionProperties.length === 1 ? product.regionProperties[0]! : null;
  const example = [String(product.id), only ? (only.title ?? String(only.regionPropertyId)) : '', '', ...product.requiredFields.map(() => '')];
  return UTF8_BOM + csvLine(header) + csvLine(example);
}

/** The template's file name: ASCII, so every client saves it under the same name. */
export function batchTemplateName(productId: number): string {
  return `batch-${productId}.csv`;
}

/**
 * A field's column is named by its title, as the chat asks it, unless the
 * title would not read back as that field: shared with another field of the
 * product, a fixed column's name, digits (read as a field id) or a formula's
 * start (written with a guarding apostrophe). Those are named "field-<id>".
 */
function fieldHeaders(fields: ProductDetail['requiredFields']): string[] {
  const counts = new Map<string, number>();
  for (const field of fields) counts.set(columnKey(field.title), (counts.get(columnKey(field.title)) ?? 0) + 1);
  return fields.map((field) => {
    const title = field.title.trim();
    const readsBack = title !== '' && counts.get(columnKey(title)) === 1 && fixedColumn(title) === null && fieldIdOfHeader(title) === null && !/^[=+\-@]/.test(title);
    return readsBack ? title : `field-${field.fieldId}`;
  });
}

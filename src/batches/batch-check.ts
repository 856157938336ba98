import { checkFieldValue, checkQuantity } from '../orders/field-validation.js';
import type { FieldAnswer } from '../orders/order-line.js';
import type { ProductDetail, RegionProperty, RequiredField } from '../provider/schemas.js';
import { normaliseDigits } from '../text/digits.js';
import type { BatchRow } from './batch-file.js';
import type { BatchCheck, BatchLine, BatchProblem } from './batch-problems.js';
import { costCentreOfRow, type BatchCostCentre } from './batch-cost-centres.js';
import { BATCH_COLUMNS, columnKey, fieldIdOfHeader, fixedColumn, type BatchColumn } from './columns.js';


/** The catalog as a batch check reads it; injected, so the check itself reads no database and no network. */
export interface BatchCatalog {
  /**
   * Products a product cell names: the one with this id, or those whose
   * title equals it once folded (columnKey). Several when titles repeat,
   * none when nothing matches.
   */
  findProducts(idOrTitle: string): Promise<{ id: number; title: string; hidden?: boolean }[]>;
  /** The product as the provider describes it now (regions, prices, stock, fields); null when it is gone. */
  productDetail(id: number): Promise<ProductDetail | null>;
  /** Every cost centre, retired ones too, read once for a file with the cost centre column. */
  costCentres?(): Promise<BatchCostCentre[]>;
}

/** Lookups in flight at once: the provider client queues beyond its budget anyway, and a file rarely names many products. */
const LOOKUPS_AT_ONCE = 4;

type Resolved = { kind: 'found'; detail: ProductDetail } | { kind: 'unknown' } | { kind: 'hidden' } | { kind: 'ambiguous'; candidates: number[] };

/**
 * Checks every row of a batch file before anything is spent, and reports
 * every problem of the file, not the first. Each distinct product cell is
 * looked up once and each product's detail read once, however many rows
 * name it. A row's answers pass exactly when the order conversation would
 * take them (checkFieldValue and checkQuantity, the chat's own rules); the
 * quantity is not held to the per-order maximum (the batch splits it) but
 * the rows of one product and region together are held to its stock.
 */
export async function checkBatch(file: { header: readonly string[]; rows: readonly BatchRow[] }, catalog: BatchCatalog): Promise<BatchCheck> {
  const problems: BatchProblem[] = [];
  const fixed = new Map<BatchColumn, string>();
  const otherHeaders: string[] = [];
  for (const name of file.header) {
    const column = fixedColumn(name);
    if (column === null) otherHeaders.push(name);
    else if (fixed.has(column)) problems.push({ row: 1, column: name, rule: 'duplicate-column' });
    else fixed.set(column, name);
  }
  for (const column of ['product', 'quantity'] as const) {
    if (!fixed.has(column)) problems.push({ row: 1, column: BATCH_COLUMNS[column][0], rule: 'missing-column' });
  }
  const productColumn = fixed.get('product');
  const quantityColumn = fixed.get('quantity');
  if (productColumn === undefined || quantityColumn === undefined) return { ok: false, problems };
  const regionColumn = fixed.get('region');
  const centreColumn = fixed.get('costCentre');
  const centres = centreColumn === undefined ? [] : ((await catalog.costCentres?.()) ?? []);

  const resolved = await resolveProducts(file.rows.map((row) => row.cells[productColumn] ?? ''), catalog);
  const details = [...resolved.values()].flatMap((r) => (r.kind === 'found' ? [r.detail] : []));
  const fieldColumns = matchFieldColumns(otherHeaders, details, problems, [...resolved.values()].every((r) => r.kind === 'found'));

  const lines: BatchLine[] = [];
  const taken = new Map<number, number>();
  for (const row of file.rows) {
    const at = (column: string) => row.cells[column] ?? '';
    const rowProblems: BatchProblem[] = [];
    const problem = (p: BatchProblem) => rowProblems.push(p);
    for (const value of row.stray) problem({ row: row.rowNumber, column: '', rule: 'stray-value', value });

    const productCell = at(productColumn);
    const found = productCell === '' ? null : resolved.get(columnKey(productCell));
    let detail: ProductDetail | null = null;
    if (productCell === '') problem({ row: row.rowNumber, column: productColumn, rule: 'missing-value' });
    else if (found?.kind === 'ambiguous') problem({ row: row.rowNumber, column: productColumn, rule: 'ambiguous-title', value: productCell, candidates: found.candidates });
    else if (found?.kind === 'hidden') problem({ row: row.rowNumber, column: productColumn, rule: 'not-orderable', value: productCell });
    else if (found?.kind !== 'found') problem({ row: row.rowNumber, column: productColumn, rule: 'unknown-product', value: productCell });
    else if (found.detail.regionProperties.length === 0) problem({ row: row.rowNumber, column: productColumn, rule: 'product-unavailable', value: productCell });
    else detail = found.detail;

    const region = detail ? chooseRegion(detail, regionColumn, at, row.rowNumber, problem) : null;

    const quantityCell = at(quantityColumn);
    let quantity: number | null = null;
    if (quantityCell === '') problem({ row: row.rowNumber, column: quantityColumn, rule: 'missing-value' });
    else {
      const checked = checkQuantity(quantityCell, Number.MAX_SAFE_INTEGER);
      if (checked.ok) quantity = checked.value;
      else problem({ row: row.rowNumber, column: quantityColumn, rule: 'bad-quantity', value: quantityCell });
    }
    // Stock is judged on the rows of the product and region above that fit it, whatever else is wrong with them;
    // a row over it takes nothing, so the rows after it are judged on their own quantities, not blamed for its.
    if (region && quantity !== null) {
      const asked = (taken.get(region.regionPropertyId) ?? 0) + quantity;
      if (asked <= region.stock) taken.set(region.regionPropertyId, asked);
      else problem({ row: row.rowNumber, column: quantityColumn, rule: 'quantity-above-stock', value: quantityCell, stock: region.stock, asked });
    }

    const fields = detail ? answersOf(detail, fieldColumns, at, row.rowNumber, problem) : [];
    const costCentreId = centreColumn === undefined ? undefined : costCentreOfRow(at(centreColumn), centres, { row: row.rowNumber, column: centreColumn }, problem);
    problems.push(...rowProblems);
    if (rowProblems.length === 0 && detail && region && quantity !== null) {
      lines.push({
        rowNumber: row.rowNumber,
        product: { id: detail.id, title: detail.title },
        region: { regionPropertyId: region.regionPropertyId, title: region.title, price: region.price },
        quantity,
        fields,
        ...(costCentreId === undefined ? {} : { costCentreId }),
      });
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, lines };
}

/** Each distinct product cell looked up once, then each product's detail read once; keyed by the folded cell. */
async function resolveProducts(cells: readonly string[], catalog: BatchCatalog): Promise<Map<string, Resolved>> {
  const distinct = new Map<string, string>();
  for (const cell of cells) if (cell !== '' && !distinct.has(columnKey(cell))) distinct.set(columnKey(cell), cell);
  const matches = new Map<string, { id: number; title: string; hidden?: boolean }[]>();
  await inBatches([...distinct], async ([key, cell]) => void matches.set(key, await catalog.findProducts(cell)));

  // A hidden product's detail is not read: the row is refused whatever the provider says of it.
  const ids = [...new Set([...matches.values()].filter((m) => m.length === 1 && !m[0]!.hidden).map((m) => m[0]!.id))];
  const details = new Map<number, ProductDetail | null>();
  await inBatches(ids, async (id) => void details.set(id, await catalog.productDetail(id)));

  const resolved = new Map<string, Resolved>();
  for (const [key, found] of matches) {
    if (found.length > 1) resolved.set(key, { kind: 'ambiguous', candidates: found.map((p) => p.id) });
    else if (found[0]?.hidden) resolved.set(key, { kind: 'hidden' });
    else {
      const detail = found.length === 1 ? details.get(found[0]!.id) : null;
      resolved.set(key, detail ? { kind: 'found', detail } : { kind: 'unknown' });
    }
  }
  return resolved;
}

async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += LOOKUPS_AT_ONCE) {
    await Promise.all(items.slice(start, start + LOOKUPS_AT_ONCE).map(work));
  }
}

/**
 * Which header answers which field: the one naming its title (folded) or
 * its id. Headers matching no field of any product are unknown columns,
 * said only once every product cell was found (a mistyped product would
 * otherwise make its own fields' columns look unknown). Two headers for one
 * field are a duplicate: which of them holds the answer cannot be guessed.
 */
function matchFieldColumns(headers: readonly string[], details: readonly ProductDetail[], problems: BatchProblem[], allFound: boolean): Map<number, string> {
  const byField = new Map<number, string>();
  const fields = new Map<number, RequiredField>();
  for (const detail of details) for (const field of detail.requiredFields) if (!fields.has(field.fieldId)) fields.set(field.fieldId, field);
  for (const header of headers) {
    const id = fieldIdOfHeader(header);
    const key = columnKey(header);
    const named = [...fields.values()].filter((field) => field.fieldId === id || columnKey(field.title) === key);
    if (named.length === 0) {
      if (allFound) problems.push({ row: 1, column: header, rule: 'unknown-column' });
      continue;
    }
    for (const field of named) {
      if (byField.has(field.fieldId)) problems.push({ row: 1, column: header, rule: 'duplicate-column' });
      else byField.set(field.fieldId, header);
    }
  }
  return byField;
}

/** The region a row orders from: the only one when the cell is empty, else the one it names by title or id. */
function chooseRegion(
  detail: ProductDetail,
  regionColumn: string | undefined,
  at: (column: string) => string,
  row: number,
  problem: (p: BatchProblem) => void,
): RegionProperty | null {
  const regions = detail.regionProperties;
  const cell = regionColumn === undefined ? '' : at(regionColumn);
  if (cell === '') {
    if (regions.length === 1) return regions[0]!;
    problem(regionColumn === undefined ? { row, column: BATCH_COLUMNS.region[0], rule: 'missing-column' } : { row, column: regionColumn, rule: 'missing-value' });
    return null;
  }
  const key = columnKey(cell);
  const id = /^[0-9]+$/.test(normaliseDigits(cell)) ? Number(normaliseDigits(cell)) : null;
  const region = regions.find((r) => r.regionPropertyId === id || (r.title !== null && columnKey(r.title) === key));
  if (region) return region;
  problem({ row, column: regionColumn!, rule: 'wrong-region', value: cell, regions: regions.map((r) => r.title ?? String(r.regionPropertyId)) });
  return null;
}

/** The row's answers to its product's fields, as the order conversation keeps them: skipped optional fields left out. */
function answersOf(
  detail: ProductDetail,
  columns: Map<number, string>,
  at: (column: string) => string,
  row: number,
  problem: (p: BatchProblem) => void,
): FieldAnswer[] {
  const answers: FieldAnswer[] = [];
  for (const field of detail.requiredFields) {
    const column = columns.get(field.fieldId);
    if (column === undefined) {
      if (field.required) problem({ row, column: field.title, rule: 'missing-column' });
      continue;
    }
    const cell = at(column);
    if (cell === '') {
      if (field.required) problem({ row, column, rule: 'missing-value' });
      continue;
    }
    const checked = checkFieldValue(field, cell);
    if (checked.ok) answers.push({ fieldId: field.fieldId, title: field.title, value: checked.value });
    else {
      const { ok: _ok, ...fieldProblem } = checked;
      problem({ row, column, rule: 'invalid-answer', value: cell, problem: fieldProblem });
    }
  }
  return answers;
}

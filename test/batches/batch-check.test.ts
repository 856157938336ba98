import { describe, expect, it } from 'vitest';
import { checkBatch, type BatchCatalog } from '../../src/batches/batch-check.js';
import { SANDBOX_PRODUCTS as P } from '../../src/sandbox/server.js';
import { readOk, sandboxCatalog, spreadsheetFile } from './sandbox-catalog.js';

const EMAIL = 'ایمیل گیرنده';
const PHONE = 'شماره موبایل گیرنده';
const PLAYER = 'شناسه بازیکن';

/** Twenty rows of five sandbox products; `broken` swaps four of them for rows that must fail. */
function twentyRows(broken: boolean): string[][] {
  return [
    ['product', 'region', 'quantity', EMAIL, PLAYER],
    ['101', 'US', '5', '', ''],
    ['گیفت کارت اپل ۲۵ دلاری', '', '۲', 'ali@example.com', ''],
    ['102', '', '1', 'sara@example.com', ''],
    ['Steam Wallet 20', 'TR', '10', '', ''],
    ['109', '', '1', '', '۱۲۳۴۵۶'],
    ['101', '', '3', '', ''],
    // Netflix asks a phone number too, and the file has no column for it.
    broken ? ['Netflix 30 USD', '', '1', 'reza@example.com', ''] : ['Google Play 10 USD', '', '1', '', ''],
    ['102', '', '1', 'Mina@Example.com', ''],
    ['101', '', '2', '', ''],
    broken ? ['Amazon Gift Card 500 USD', '', '1', '', ''] : ['Amazon Gift Card 25 USD', '', '1', '', ''],
    ['102', '', '1', broken ? 'not-an-email' : 'omid@example.com', ''],
    // With row 5's ten, six more of the TR region is one above its stock of 15.
    ['  steam   WALLET 20 ', 'tr', broken ? '6' : '5', '', ''],
    ['109', '', '2', '', '98765'],
    ['101', '', '1', '', ''],
    ['102', '', '1', 'nima@example.com', ''],
    ['101', '', '1', '', ''],
    ['109', '', '1', '', '55555'],
    ['101', '', '1', '', ''],
    ['102', '', '1', 'leila@example.com', ''],
    ['101', '', '1', '', ''],
  ];
}

describe('checking a batch against the sandbox catalog', () => {
  const world = sandboxCatalog();

  it('reports exactly the four broken rows of a 20-row file, with their rows and columns', async () => {
    const result = await checkBatch(await readOk(spreadsheetFile(twentyRows(true))), world.catalog);
    expect(result).toEqual({
      ok: false,
      problems: [
        { row: 8, column: PHONE, rule: 'missing-column' },
        { row: 11, column: 'product', rule: 'unknown-product', value: 'Amazon Gift Card 500 USD' },
        { row: 12, column: EMAIL, rule: 'invalid-answer', value: 'not-an-email', problem: { reason: 'email' } },
        { row: 13, column: 'quantity', rule: 'quantity-above-stock', value: '6', stock: 15, asked: 16 },
      ],
    });
  });

  it('turns the fixed file into order lines as the order service takes them, reading each product once', async () => {
    const result = await checkBatch(await readOk(spreadsheetFile(twentyRows(false))), world.catalog);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.lines).toHaveLength(20);
    expect(result.lines.map((line) => line.rowNumber)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect(result.lines[1]).toEqual({
      rowNumber: 3,
      product: { id: P.oneField, title: 'گیفت کارت اپل ۲۵ دلاری' },
      region: { regionPropertyId: 5002, title: 'US', price: 3_100_000 },
      quantity: 2,
      fields: [{ fieldId: 7, title: EMAIL, value: 'ali@example.com' }],
    });
    // Persian digits where a number is expected, read as the chat reads them; the optional nickname left out.
    expect(result.lines[4]).toMatchObject({ product: { id: P.unusualFields }, fields: [{ fieldId: 9, title: PLAYER, value: '123456' }] });
    // An e-mail address is kept as the chat keeps it: lower case.
    expect(result.lines[7]!.fields).toEqual([{ fieldId: 7, title: EMAIL, value: 'mina@example.com' }]);
    // The title in other case and spacing, the region in lower case.
    expect(result.lines[11]).toMatchObject({ product: { id: P.multiRegion }, region: { title: 'TR', price: 900_000 }, quantity: 5 });
    // 101, 102, 104, 109 and the Amazon card: one detail each, however many rows name them.
    expect(world.detailReads()).toBe(5);
  });

  it('needs the product and quantity columns before anything is looked up', async () => {
    const result = await checkBatch(await readOk(spreadsheetFile([['product', 'region'], ['101', 'US']])), world.catalog);
    expect(result).toEqual({ ok: false, problems: [{ row: 1, column: 'quantity', rule: 'missing-column' }] });
    expect(world.detailReads()).toBe(0);
  });

  it('reads the Persian names of the fixed columns', async () => {
    const result = await checkBatch(await readOk(spreadsheetFile([['محصول', 'منطقه', 'تعداد'], ['Steam Wallet 20', 'US', '۳']])), world.catalog);
    expect(result).toMatchObject({ ok: true, lines: [{ product: { id: P.multiRegion }, region: { title: 'US' }, quantity: 3 }] });
  });

  it('asks for a region where the product has several, and refuses one it does not have', async () => {
    const noColumn = await checkBatch(await readOk(spreadsheetFile([['product', 'quantity'], ['104', '1'], ['101', '1']])), world.catalog);
    expect(noColumn).toEqual({ ok: false, problems: [{ row: 2, column: 'region', rule: 'missing-column' }] });
    const file = [['product', 'region', 'quantity'], ['104', '', '1'], ['104', 'Mars', '1'], ['104', 'EU', '1'], ['101', 'TR', '1'], ['104', '5006', '1']];
    expect(await checkBatch(await readOk(spreadsheetFile(file)), world.catalog)).toEqual({
      ok: false,
      problems: [
        { row: 2, column: 'region', rule: 'missing-value' },
        { row: 3, column: 'region', rule: 'wrong-region', value: 'Mars', regions: ['US', 'EU', 'TR'] },
        // The EU region exists but is sold out.
        { row: 4, column: 'quantity', rule: 'quantity-above-stock', value: '1', stock: 0, asked: 1 },
        { row: 5, column: 'region', rule: 'wrong-region', value: 'TR', regions: ['US'] },
      ],
    });
  });

  it('takes whole positive quantities only, in any digits, with no per-order cap', async () => {
    const file = [['product', 'quantity'], ['101', '0'], ['101', '-1'], ['101', '2.5'], ['101', 'two'], ['101', ''], ['101', '۱۲']];
    expect(await checkBatch(await readOk(spreadsheetFile(file)), world.catalog)).toEqual({
      ok: false,
      problems: [
        { row: 2, column: 'quantity', rule: 'bad-quantity', value: '0' },
        { row: 3, column: 'quantity', rule: 'bad-quantity', value: '-1' },
        { row: 4, column: 'quantity', rule: 'bad-quantity', value: '2.5' },
        { row: 5, column: 'quantity', rule: 'bad-quantity', value: 'two' },
        { row: 6, column: 'quantity', rule: 'missing-value' },
      ],
    });
    // Twelve is above the per-order maximum of ten: the batch splits it later.
    expect(await checkBatch(await readOk(spreadsheetFile([['product', 'quantity'], ['101', '۱۲']])), world.catalog)).toMatchObject({ ok: true, lines: [{ quantity: 12 }] });
  });

  it('holds answers to the rules the chat applies, field by field', async () => {
    const file = [
      ['product', 'quantity', EMAIL, PHONE, 'field-9', 'نام مستعار'],
      ['103', '1', 'a@b.co', '۰۹۱۲ ۱۲۳-۴۵۶۷', '', ''],
      ['103', '1', 'a@b.co', '12345', '', ''],
      ['103', '1', '', '09121234567', '', ''],
      ['109', '1', '', '', '1234', ''],
      ['109', '1', '', '', '123456', 'x'.repeat(21)],
      ['109', '1', '', '', '123456', 'Shadow'],
    ];
    const result = await checkBatch(await readOk(spreadsheetFile(file)), world.catalog);
    expect(result).toEqual({
      ok: false,
      problems: [
        { row: 3, column: PHONE, rule: 'invalid-answer', value: '12345', problem: { reason: 'phone-length', min: 10, max: 14, digits: 5 } },
        { row: 4, column: EMAIL, rule: 'missing-value' },
        { row: 5, column: 'field-9', rule: 'invalid-answer', value: '1234', problem: { reason: 'too-short', min: 5 } },
        { row: 6, column: 'نام مستعار', rule: 'invalid-answer', value: 'x'.repeat(21), problem: { reason: 'too-long', max: 20, rule: 'provider' } },
      ],
    });
    const good = await checkBatch(await readOk(spreadsheetFile([file[0]!, file[1]!, file[6]!])), world.catalog);
    expect(good).toMatchObject({
      ok: true,
      lines: [
        { fields: [{ fieldId: 7, value: 'a@b.co' }, { fieldId: 8, value: '09121234567' }] },
        { fields: [{ fieldId: 9, value: '123456' }, { fieldId: 10, value: 'Shadow' }] },
      ],
    });
  });

  it('reports unknown and doubled columns, and values outside the named columns', async () => {
    const file = await readOk(spreadsheetFile([['product', 'quantity', 'notes', PLAYER, '9'], ['109', '1', 'for Ali', '123456', '123456', 'stray']]));
    expect(await checkBatch(file, world.catalog)).toEqual({
      ok: false,
      problems: [
        { row: 1, column: 'notes', rule: 'unknown-column' },
        { row: 1, column: '9', rule: 'duplicate-column' },
        { row: 2, column: '', rule: 'stray-value', value: 'stray' },
      ],
    });
  });

  it('calls a product the provider has withdrawn since the catalog was synced unknown', async () => {
    world.sandbox.controls.withdrawProduct(P.noFields);
    const result = await checkBatch(await readOk(spreadsheetFile([['product', 'quantity'], ['Google Play 10 USD', '1']])), world.catalog);
    expect(result).toEqual({ ok: false, problems: [{ row: 2, column: 'product', rule: 'unknown-product', value: 'Google Play 10 USD' }] });
  });

  it('asks for the id when two products share a title', async () => {
    const twins = { categoryId: null, imageUrl: null, isAvailable: true };
    await world.store.write({ categories: [], products: [{ id: 101, title: 'Gift Card', ...twins }, { id: 110, title: 'gift  card', ...twins }] });
    const result = await checkBatch(await readOk(spreadsheetFile([['product', 'quantity'], ['Gift Card', '1'], ['110', '1']])), world.catalog);
    expect(result).toEqual({ ok: false, problems: [{ row: 2, column: 'product', rule: 'ambiguous-title', value: 'Gift Card', candidates: [101, 110] }] });
  });

  it('judges each row against the stock the rows above it left, a row over it taking none', async () => {
    // Steam Wallet 20 TR has 15 in stock: the 20 of row 2 do not fit, the 5 and 10 after them do, the 1 after those does not.
    const rows = [['Steam Wallet 20', 'TR', '20'], ['Steam Wallet 20', 'TR', '5'], ['Steam Wallet 20', 'TR', '10'], ['Steam Wallet 20', 'TR', '1']];
    const result = await checkBatch(await readOk(spreadsheetFile([['product', 'region', 'quantity'], ...rows])), world.catalog);
    expect(result).toEqual({
      ok: false,
      problems: [
        { row: 2, column: 'quantity', rule: 'quantity-above-stock', value: '20', stock: 15, asked: 20 },
        { row: 5, column: 'quantity', rule: 'quantity-above-stock', value: '1', stock: 15, asked: 16 },
      ],
    });
  });

  it('checks 500 rows with one detail read per distinct product', async () => {
    const products = ['101', '102', '103', '109', 'Steam Wallet 20'];
    const rows = Array.from({ length: 500 }, (_, i) => [products[i % 5]!, i % 5 === 4 ? 'US' : '', '1', 'x@example.com', '+989121234567', '123456']);
    const file = await readOk(spreadsheetFile([['product', 'region', 'quantity', EMAIL, PHONE, PLAYER], ...rows]));
    const result = await checkBatch(file, world.catalog);
    // A hundred units of each, one a row: past its stock, every further row is one too many.
    // Stocks: 101 50, 102 40, 103 30, 109 60, Steam Wallet 20 US 20.
    const over = result.ok ? [] : result.problems;
    expect(over.every((p) => p.rule === 'quantity-above-stock')).toBe(true);
    expect(over).toHaveLength(50 + 60 + 70 + 40 + 80);
    expect(over[0]).toMatchObject({ row: 2 + 5 * 20 + 4, stock: 20, asked: 21 });
    expect(world.detailReads()).toBe(5);
  });
});

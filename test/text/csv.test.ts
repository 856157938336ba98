import { describe, expect, it } from 'vitest';
import { buildCsv, csvCell } from '../../src/text/csv.js';
import { readCsv } from '../support/csv-reader.js';

describe('CSV files', () => {
  it('start with a byte-order mark and read back with Persian text intact', async () => {
    const built = await buildCsv(['نام', 'محصول'], [['سارا احمدی', 'گیفت کارت گوگل پلی']], 1_000);
    const { bom, rows } = readCsv(built.content);
    expect(bom).toBe(true);
    expect(rows).toEqual([
      ['نام', 'محصول'],
      ['سارا احمدی', 'گیفت کارت گوگل پلی'],
    ]);
  });

  it('quote commas, quotes and line breaks so that each value stays one cell', async () => {
    const value = 'Steam "Wallet", EU\r\nsecond line';
    const { rows } = readCsv((await buildCsv(['a', 'b'], [[value, 'x']], 1_000)).content);
    expect(rows[1]).toEqual([value, 'x']);
  });

  it('put an apostrophe before text a spreadsheet would run as a formula', () => {
    for (const value of ['=HYPERLINK("http://x")', '+1', '-1', '@SUM(A1)', '\t=1']) expect(csvCell(value).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell(-1_250_000)).toBe('-1250000');
    expect(csvCell('Google Play')).toBe('Google Play');
  });

  it('quote a cell holding a semicolon, so that a spreadsheet splitting on ; keeps it one cell, and still guard formulas', async () => {
    expect(csvCell('Gift;=HYPERLINK("http://x")')).toBe('"Gift;=HYPERLINK(""http://x"")"');
    expect(csvCell('=1+1;2')).toBe(`"'=1+1;2"`);
    expect(csvCell('  =1+1')).toBe("'  =1+1");
    const { rows } = readCsv((await buildCsv(['a', 'b'], [['a;b', 'x']], 1_000)).content);
    expect(rows[1]).toEqual(['a;b', 'x']);
  });

  it('stop before the row that would pass the size limit, and say so', async () => {
    const rows = Array.from({ length: 100 }, (_, i) => [`row ${i}`, 'x'.repeat(50)]);
    const built = await buildCsv(['a', 'b'], rows, 1_000);
    expect(built.cut).toBe(true);
    expect(built.content.length).toBeLessThanOrEqual(1_000);
    const read = readCsv(built.content).rows;
    expect(read).toHaveLength(built.rows + 1);
    expect(read.at(-1)).toEqual([`row ${built.rows - 1}`, 'x'.repeat(50)]);
  });

  it('let other work run while slow rows are written, long before a thousand rows', async () => {
    // Each row takes 2 ms of CPU, as rows do on a busy machine: 60 rows are 120 ms in all.
    function* slowRows() {
      for (let i = 0; i < 60; i++) {
        const until = performance.now() + 2;
        while (performance.now() < until);
        yield [`row ${i}`];
      }
    }
    let rowsWhenOtherWorkRan: number | null = null;
    let pulled = 0;
    const counted = (function* () {
      for (const row of slowRows()) {
        pulled += 1;
        yield row;
      }
    })();
    setTimeout(() => (rowsWhenOtherWorkRan = pulled), 0);
    const built = await buildCsv(['n'], counted, 10_000);
    expect(built.rows).toBe(60);
    expect(rowsWhenOtherWorkRan).not.toBeNull();
    expect(rowsWhenOtherWorkRan!).toBeLessThan(30);
  });
});

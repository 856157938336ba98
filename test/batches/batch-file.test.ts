import { describe, expect, it } from 'vitest';
import { readBatchFile } from '../../src/batches/batch-file.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
const withBom = (text: string) => utf8(`\uFEFF${text}`);
const read = (bytes: Uint8Array, maxRows = 500) => readBatchFile(bytes, { maxRows });

describe('reading a batch file', () => {
  it('reads a semicolon file with a BOM, Persian text and Persian digits, as Excel in a Persian locale saves it', async () => {
    const file = withBom(
      'product;region;quantity;ایمیل گیرنده\r\n' +
        'گیفت کارت اپل ۲۵ دلاری;US;۲;ali@example.com\r\n' +
        '۱۰۳; ;۱۰ ;  sara@example.com  \r\n',
    );
    const result = await read(file);
    expect(result).toEqual({
      ok: true,
      separator: ';',
      header: ['product', 'region', 'quantity', 'ایمیل گیرنده'],
      rows: [
        { rowNumber: 2, cells: { product: 'گیفت کارت اپل ۲۵ دلاری', region: 'US', quantity: '۲', 'ایمیل گیرنده': 'ali@example.com' }, stray: [] },
        // Trimmed, but the digits stay as typed: the checker reads them where a number is expected.
        { rowNumber: 3, cells: { product: '۱۰۳', region: '', quantity: '۱۰', 'ایمیل گیرنده': 'sara@example.com' }, stray: [] },
      ],
    });
  });

  it('reads a comma file without a BOM and with bare line feeds', async () => {
    const result = await read(utf8('product,quantity\n101,3\n102,1\n'));
    expect(result).toMatchObject({ ok: true, separator: ',', header: ['product', 'quantity'] });
    expect(result.ok && result.rows.map((row) => [row.rowNumber, row.cells])).toEqual([
      [2, { product: '101', quantity: '3' }],
      [3, { product: '102', quantity: '1' }],
    ]);
  });

  it('keeps separators, quotes and line breaks inside quoted cells, and numbers rows as the spreadsheet shows them', async () => {
    const result = await read(utf8('product;quantity;متن پیام تبریک\r\n133;1;"Happy birthday; dear\r\nfriend, from ""us"""\r\n133;2;plain\r\n'));
    expect(result.ok && result.rows).toEqual([
      { rowNumber: 2, cells: { product: '133', quantity: '1', 'متن پیام تبریک': 'Happy birthday; dear\r\nfriend, from "us"' }, stray: [] },
      // The multi-line cell is one spreadsheet row, so the next record is row 3, not 4.
      { rowNumber: 3, cells: { product: '133', quantity: '2', 'متن پیام تبریک': 'plain' }, stray: [] },
    ]);
  });

  it('skips empty lines and rows of empty cells but counts them in the row numbers', async () => {
    const result = await read(utf8('product,quantity\n\n101,1\n , \n,,\n102,2\n\n'));
    expect(result.ok && result.rows.map((row) => row.rowNumber)).toEqual([3, 6]);
  });

  it('reads tab-separated files and the Arabic semicolon Windows in Persian saves with', async () => {
    expect(await read(utf8('product\tquantity\n101\t1\n'))).toMatchObject({ ok: true, separator: '\t', rows: [{ cells: { product: '101', quantity: '1' } }] });
    expect(await read(utf8('محصول؛تعداد\n101؛1\n'))).toMatchObject({ ok: true, separator: '؛', rows: [{ cells: { محصول: '101', تعداد: '1' } }] });
  });

  it('keeps values outside the named columns for the checker to report', async () => {
    const result = await read(utf8('product,,quantity\n101,oops,1,extra,\n'));
    expect(result).toMatchObject({ ok: true, header: ['product', 'quantity'], rows: [{ cells: { product: '101', quantity: '1' }, stray: ['oops', 'extra'] }] });
  });

  it('refuses a file of 10,000 rows with maxRows 500, saying how many are allowed, without reading to its end', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => `101,${(i % 9) + 1}`);
    // A quote left open on the last line: reading the whole file would call it broken, not too long.
    const result = await read(utf8(`product,quantity\n${rows.join('\n')}\n"101,1\n`), 500);
    expect(result).toEqual({ ok: false, reason: 'too-many-rows', detail: { maxRows: 500 } });
  });

  it('takes exactly the row limit, empty lines not counted', async () => {
    const rows = Array.from({ length: 500 }, () => '101,1');
    const result = await read(utf8(`product,quantity\n\n${rows.join('\n\n')}\n`), 500);
    expect(result.ok && result.rows.length).toBe(500);
    expect(await read(utf8(`product,quantity\n${[...rows, '101,1'].join('\n')}\n`), 500)).toMatchObject({ ok: false, reason: 'too-many-rows' });
  });

  it('refuses binary bytes, an Excel workbook, a one-column text and a broken quote as not CSV', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect(await read(png)).toEqual({ ok: false, reason: 'not-csv', detail: { looksLike: 'binary' } });
    const xlsx = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]);
    expect(await read(xlsx)).toEqual({ ok: false, reason: 'not-csv', detail: { looksLike: 'spreadsheet' } });
    expect(await read(utf8('ok\u0007\u0001\u0002,x\n'))).toMatchObject({ ok: false, reason: 'not-csv', detail: { looksLike: 'binary' } });
    expect(await read(utf8('Dear team,\nplease order\nthe cards\n'))).toMatchObject({ ok: false, reason: 'not-csv', detail: { looksLike: 'one-column' } });
    expect(await read(utf8('product,quantity\n101,1\n"102,1\n'))).toEqual({ ok: false, reason: 'not-csv', detail: { looksLike: 'broken-quotes', line: 3 } });
  });

  it('reads a one-column file under a known header: the checker says what it lacks', async () => {
    expect(await read(utf8('product\n101\n'))).toMatchObject({ ok: true, header: ['product'] });
  });

  it('refuses text that is not UTF-8, naming UTF-16 when that is what it is', async () => {
    // "سلام" in Windows-1256, the code page a Persian Excel saves plain CSV in.
    expect(await read(Uint8Array.from([0x70, 0x2c, 0x71, 0x0a, 0xd3, 0xe1, 0xc7, 0xe3, 0x2c, 0x31, 0x0a]))).toEqual({ ok: false, reason: 'not-utf8', detail: { encoding: 'other' } });
    const utf16 = Uint8Array.from([0xff, 0xfe, ...Array.from('product,quantity').flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(await read(utf16)).toEqual({ ok: false, reason: 'not-utf8', detail: { encoding: 'utf-16' } });
  });

  it('refuses an empty file, a header alone, and a column named twice', async () => {
    expect(await read(new Uint8Array())).toEqual({ ok: false, reason: 'empty' });
    expect(await read(withBom(' \r\n\r\n'))).toEqual({ ok: false, reason: 'empty' });
    expect(await read(utf8('product;quantity\r\n;\r\n'))).toEqual({ ok: false, reason: 'empty' });
    expect(await read(utf8('product,quantity, Product \n101,1,102\n'))).toEqual({ ok: false, reason: 'duplicate-column', detail: { column: 'Product' } });
  });

  it('lets other work run while a large file is read: a sheet of nothing but commas does not hold every chat', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const commas = utf8(`product,quantity\n${','.repeat(2 * 1024 * 1024)}\n101,1\n`);
    const result = await read(commas);
    counting = false;
    expect(result).toMatchObject({ ok: true, rows: [{ cells: { product: '101', quantity: '1' } }] });
    // Read a slice at a time, with a turn of the event loop between slices (read at once, it gave none).
    expect(turns).toBeGreaterThan(50);
  });

  it('keeps a character outside the BMP whole where a slice would end inside it', async () => {
    // 'product,note\n101,' is 17 characters: the emoji's two halves sit at 16,383 and 16,384, across the first slice's end.
    const pad = 'x'.repeat(16_383 - 17);
    const result = await read(utf8(`product,note\n101,${pad}🎁 ok\n`));
    expect(result).toMatchObject({ ok: true, rows: [{ cells: { note: `${pad}🎁 ok` } }] });
  });
});

/**
 * CSV as spreadsheet programs open it: UTF-8 with a byte-order mark (without
 * it Excel reads the bytes as the local ANSI code page and Persian text turns
 * into mojibake), CRLF line ends and RFC 4180 quoting.
 */
export const UTF8_BOM = '\uFEFF';

export type CsvValue = string | number | null | undefined;

/**
 * A text cell that starts with = + - @ (after spaces, or a tab or carriage
 * return, which some programs skip before looking) is read by Excel, LibreOffice and Google
 * Sheets as a formula: a product title or provider description such as
 * `=HYPERLINK(...)` would run when accounting opens the file. A leading
 * apostrophe makes them show the text as it is. Numbers are written as
 * numbers, so a negative amount stays a number.
 */
const FORMULA_START = /^[ ]*[=+\-@\t\r]/;

/**
 * Quoted: the RFC's comma, quote and line breaks, and the semicolon too:
 * spreadsheets set to a European locale split on `;`, and `a;=cmd()` left
 * bare would become two cells, the second a formula past the guard above.
 */
const NEEDS_QUOTES = /[",;\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

interface CsvBuild {
  content: Buffer;
  rows: number;
  /** True when rows were left out to stay under `maxBytes`. */
  cut: boolean;
}

/**
 * Work done between two returns to the event loop, so that other chats are
 * served while a large file is built: at most this many rows, and no longer
 * than TURN_MS. The row count alone let a turn of an export of 100,000
 * orders from SQLite (whose pages are read synchronously, inside the turn)
 * hold other chats 200 to 400 ms on a loaded machine; the clock bounds a
 * turn however slow each row is.
 */
const ROWS_PER_TURN = 1_000;
const TURN_MS = 10;

/**
 * Writes the header and rows into one buffer of at most `maxBytes`,
 * stopping at the first row that would not fit, so the file never exceeds
 * what Telegram accepts and never ends in half a row. Rows are pulled one
 * at a time, so a large export is never held twice in memory.
 */
export async function buildCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]> | AsyncIterable<readonly CsvValue[]>, maxBytes: number): Promise<CsvBuild> {
  const chunks: Buffer[] = [Buffer.from(UTF8_BOM + csvLine(header), 'utf8')];
  let size = chunks[0]!.length;
  let count = 0;
  let pending = '';
  let turnStarted = performance.now();
  const flush = () => {
    if (pending === '') return;
    chunks.push(Buffer.from(pending, 'utf8'));
    pending = '';
  };
  // An async source (an export read page by page) is pulled as the file fills; leaving early closes it.
  for await (const row of rows) {
    const line = csvLine(row);
    const bytes = Buffer.byteLength(line, 'utf8');
    if (size + bytes > maxBytes) {
      flush();
      return { content: Buffer.concat(chunks), rows: count, cut: true };
    }
    pending += line;
    size += bytes;
    count += 1;
    if (count % ROWS_PER_TURN === 0 || performance.now() - turnStarted >= TURN_MS) {
      flush();
      await new Promise((resolve) => setImmediate(resolve));
      turnStarted = performance.now();
    }
  }
  flush();
  return { content: Buffer.concat(chunks, size), rows: count, cut: false };
}

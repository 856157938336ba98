import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CsvError } from 'csv-parse';
import { lazyModule } from '../lazy-module.js';
import { columnKey, fixedColumn } from './columns.js';

/**
 * Reading a batch file sent to the bot: bytes to a header and rows, nothing
 * more. What the cells mean is batch-check.ts's job; answers are left as
 * typed (Persian digits included), since the checker normalises only where
 * a number is expected.
 */

export interface BatchRow {
  /** The row's number as a spreadsheet shows it: the header is row 1, the first data row 2. */
  rowNumber: number;
  /** Trimmed cells by header name; columns the row does not reach are ''. */
  cells: Record<string, string>;
  /** Non-empty cells beyond the header or under a column without a name: the checker reports them. */
  stray: string[];
}

export type BatchFileRefusal =
  | { reason: 'not-csv'; detail: { looksLike: 'spreadsheet' | 'binary' | 'one-column' | 'broken-quotes'; line?: number } }
  | { reason: 'empty' }
  | { reason: 'too-many-rows'; detail: { maxRows: number } }
  | { reason: 'not-utf8'; detail: { encoding: 'utf-16' | 'other' } }
  | { reason: 'duplicate-column'; detail: { column: string } };

type BatchFile = { ok: true; header: string[]; rows: BatchRow[]; separator: Separator } | ({ ok: false } & BatchFileRefusal);

/**
 * Separators spreadsheets save with: the comma, the semicolon of locales
 * whose decimal mark is a comma, the tab of "text" exports, and the Arabic
 * semicolon that Windows set to Persian uses as its list separator.
 */
const SEPARATORS = [',', ';', '\t', '؛'] as const;
type Separator = (typeof SEPARATORS)[number];

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
/** Control characters no text file has (tab, line feed and carriage return are fine). */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

// The CSV parser is loaded by the first batch file sent, not at start-up.
const csvParser = lazyModule(() => import('csv-parse'));

/** Thrown inside the parser to stop it at the first row past the limit. */
class TooManyRows extends Error {}

export async function readBatchFile(bytes: Uint8Array, options: { maxRows: number }): Promise<BatchFile> {
  const refused = refuseByBytes(bytes);
  if (refused) return { ok: false, ...refused };
  let text: string;
  try {
    // fatal: a file saved in a legacy code page (Windows-1256) must be refused, not read as mojibake; the BOM is dropped.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: 'not-utf8', detail: { encoding: 'other' } };
  }
  if (CONTROL.test(text)) return { ok: false, reason: 'not-csv', detail: { looksLike: 'binary' } };
  if (text.trim() === '') return { ok: false, reason: 'empty' };

  const separator = detectSeparator(firstLine(text));
  const csv = await csvParser();
  let records: { record: string[]; index: number }[];
  try {
    records = await parseRecords(csv.parse, text, separator, options.maxRows);
  } catch (error) {
    if (error instanceof TooManyRows) return { ok: false, reason: 'too-many-rows', detail: { maxRows: options.maxRows } };
    if (error instanceof csv.CsvError) return { ok: false, reason: 'not-csv', detail: { looksLike: 'broken-quotes', ...lineOf(error) } };
    throw error;
  }

  const [first, ...data] = records;
  if (!first) return { ok: false, reason: 'empty' };
  const header = first.record.map((cell) => cell.trim());
  // A one-column file is either a list of products under a known header or something that is not a table at all.
  if (header.filter((name) => name !== '').length === 1 && fixedColumn(header.find((name) => name !== '')!) === null) {
    return { ok: false, reason: 'not-csv', detail: { looksLike: 'one-column' } };
  }
  const seen = new Set<string>();
  for (const name of header) {
    if (name === '') continue;
    const key = columnKey(name);
    if (seen.has(key)) return { ok: false, reason: 'duplicate-column', detail: { column: name } };
    seen.add(key);
  }
  if (data.length === 0) return { ok: false, reason: 'empty' };

  const rows = data.map(({ record, index }) => {
    const cells: Record<string, string> = {};
    const stray: string[] = [];
    header.forEach((name, column) => {
      const value = (record[column] ?? '').trim();
      if (name !== '') cells[name] = value;
      else if (value !== '') stray.push(value);
    });
    for (const extra of record.slice(header.length)) if (extra.trim() !== '') stray.push(extra.trim());
    return { rowNumber: index + 1, cells, stray };
  });
  return { ok: true, header: header.filter((name) => name !== ''), rows, separator };
}

function refuseByBytes(bytes: Uint8Array): BatchFileRefusal | null {
  if (bytes.length === 0) return { reason: 'empty' };
  // An .xlsx (a zip) sent as it is: the staff member needs to hear "save as CSV".
  if (ZIP_SIGNATURE.every((byte, i) => bytes[i] === byte)) return { reason: 'not-csv', detail: { looksLike: 'spreadsheet' } };
  // Excel's "Unicode text" is UTF-16: readable, but not what we read.
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return { reason: 'not-utf8', detail: { encoding: 'utf-16' } };
  // NUL bytes: an image, a PDF, a document. Looked for in the first 8 KB only; the decoder catches the rest.
  if (bytes.subarray(0, 8192).includes(0)) return { reason: 'not-csv', detail: { looksLike: 'binary' } };
  return null;
}

/** The header line as written, up to its first line break (a header with a quoted line break is not worth guessing on). */
function firstLine(text: string): string {
  const start = text.search(/[^\r\n]/);
  const end = text.slice(start).search(/[\r\n]/);
  return end === -1 ? text.slice(start) : text.slice(start, start + end);
}

/** The separator used most in the header line outside quotes; the comma when there is none (a one-column file). */
function detectSeparator(line: string): Separator {
  const counts = new Map<Separator, number>(SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char as Separator)) counts.set(char as Separator, counts.get(char as Separator)! + 1);
  }
  let best: Separator = ',';
  for (const separator of SEPARATORS) if (counts.get(separator)! > counts.get(best)!) best = separator;
  return best;
}

/**
 * Every record with its index among all records (empty ones included, so
 * that numbers match the spreadsheet's rows), skipping those with no value.
 * Stops at the first non-empty record past the header and `maxRows`: a file
 * of 10,000 rows is refused after reading 501 of them.
 *
 * Read a slice at a time, with a turn of the event loop between slices: a
 * file of megabytes (a sheet of nothing but commas) once held every chat
 * for a second; now other chats are answered while it is read.
 */
async function parseRecords(parse: typeof import('csv-parse').parse, text: string, separator: Separator, maxRows: number): Promise<{ record: string[]; index: number }[]> {
  const kept: { record: string[]; index: number }[] = [];
  let index = 0;
  let tooMany = false;
  let failure: unknown = null;
  const parser = parse({
    delimiter: separator,
    relax_column_count: true,
    // A stray quote inside an unquoted cell (5" screen) is text, as spreadsheets read it.
    relax_quotes: true,
    skip_empty_lines: false,
    on_record: (record: string[]) => {
      const at = index++;
      if (tooMany || record.every((cell) => cell.trim() === '')) return null;
      if (kept.length > maxRows) tooMany = true;
      else kept.push({ record, index: at });
      return null;
    },
  });
  const ended = new Promise<void>((resolve) => {
    parser.on('error', (error) => {
      failure = error;
      resolve();
    });
    parser.on('end', () => resolve());
  });
  // Every record is kept above and none is passed on: the stream only has to flow.
  parser.resume();
  for (let at = 0; at < text.length && failure === null && !tooMany; ) {
    let end = Math.min(text.length, at + SLICE_CHARS);
    // Never between the two halves of a character outside the BMP (an emoji in a cell).
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    parser.write(text.slice(at, end));
    at = end;
    await nextTurn();
  }
  if (failure === null) parser.end();
  await ended;
  if (tooMany) throw new TooManyRows();
  if (failure !== null) throw failure;
  return kept;
}

/** Characters read in one turn of the event loop: a few milliseconds of parsing. */
const SLICE_CHARS = 16_384;
const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

function lineOf(error: CsvError): { line?: number } {
  const line = (error as CsvError & { lines?: unknown }).lines;
  return typeof line === 'number' ? { line } : {};
}

/**
 * Reads a CSV file back as a spreadsheet program would (RFC 4180): the
 * byte-order mark tells it the file is UTF-8, quoted fields may hold commas,
 * quotes and line breaks. Throws on a stray quote, so a broken file fails.
 */
export function readCsv(content: Buffer): { bom: boolean; rows: string[][] } {
  const bom = content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf;
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bom ? content.subarray(3) : content);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (ch === '"') {
        quoted = false;
        i += 1;
        if (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') throw new Error(`stray character after a quote at ${i}`);
      } else {
        field += ch;
        i += 1;
      }
      continue;
    }
    if (ch === '"') {
      if (field !== '') throw new Error(`quote inside an unquoted field at ${i}`);
      quoted = true;
      i += 1;
    } else if (ch === ',') {
      row.push(field);
      field = '';
      i += 1;
    } else if (ch === '\r' || ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += ch;
      i += 1;
    }
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return { bom, rows };
}

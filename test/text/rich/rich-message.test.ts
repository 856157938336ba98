import { describe, expect, it } from 'vitest';
import { lines, reportPlainText, type Report } from '../../../src/text/rich/report.js';
import { RICH_MAX_BLOCKS, RICH_MAX_CHARACTERS, toRichMessage } from '../../../src/text/rich/rich-message.js';

const RLM = '\u200F';

const budgets = (name: string, rtl = false): Report => ({
  rtl,
  parts: [
    { kind: 'heading', text: 'Budgets' },
    { kind: 'table', header: ['Cost centre', 'Left'], rows: [[name, '10 IRR']], align: ['start', 'end'], plain: [`${name}: left 10 IRR`] },
    lines('', 'Usage'),
    { kind: 'details', summary: 'Exceptions (1):', parts: [lines('• one')] },
  ],
});

function richOf(report: Report) {
  const rendering = toRichMessage(report);
  if (!rendering.ok) throw new Error(`not rendered: ${rendering.reason}`);
  return { ...rendering.message, blocks: rendering.message.blocks ?? [] };
}

describe('a report described once', () => {
  it('reads in plain text as the lines it always had: tables by their plain lines, an expandable block by its summary then its lines', () => {
    expect(reportPlainText(budgets('Support'))).toBe('Budgets\nSupport: left 10 IRR\n\nUsage\nExceptions (1):\n• one');
  });

  it('becomes a heading, a table with a header row, paragraphs and an expandable block', () => {
    const rich = richOf(budgets('Support'));
    expect(rich.is_rtl).toBeUndefined();
    expect(rich.blocks).toEqual([
      { type: 'heading', size: 3, text: 'Budgets' },
      {
        type: 'table',
        is_bordered: true,
        is_striped: true,
        is_compact: true,
        cells: [
          [
            { text: 'Cost centre', is_header: true, align: 'left', valign: 'top' },
            { text: 'Left', is_header: true, align: 'right', valign: 'top' },
          ],
          [
            { text: 'Support', align: 'left', valign: 'top' },
            { text: '10 IRR', align: 'right', valign: 'top' },
          ],
        ],
      },
      { type: 'paragraph', text: 'Usage' },
      { type: 'details', summary: 'Exceptions (1):', blocks: [{ type: 'paragraph', text: '• one' }] },
    ]);
  });

  it('keeps what people typed as text: markup in a name is never read as markup', () => {
    const name = '<b>R&D</b> *ops* [x](tg://user?id=1) &amp;';
    const rich = richOf(budgets(name));
    const table = rich.blocks[1] as { cells: { text: string }[][] };
    expect(table.cells[1]![0]!.text).toBe(name);
    expect(JSON.stringify(rich)).not.toMatch(/"(html|markdown)"/);
  });

  it('lays a Persian reader’s report out right to left: the message is marked, amounts sit at the left, a text opening with a Latin name carries a right-to-left mark', () => {
    const rich = richOf({ ...budgets('Google Play تیم', true), parts: [...budgets('Google Play تیم', true).parts, lines('پشتیبانی: ۱۰ ریال')] });
    expect(rich.is_rtl).toBe(true);
    const table = rich.blocks[1] as { cells: { text: string; align: string }[][] };
    expect(table.cells[1]![0]).toMatchObject({ text: `${RLM}Google Play تیم`, align: 'right' });
    expect(table.cells[1]![1]).toMatchObject({ text: `${RLM}10 IRR`, align: 'left' });
    expect(rich.blocks.at(-1)).toEqual({ type: 'paragraph', text: 'پشتیبانی: ۱۰ ریال' });
  });

  it('shows an empty cell as a dash rather than an invisible cell', () => {
    const rich = richOf({ rtl: false, parts: [{ kind: 'table', header: ['a', 'b'], rows: [['x', '']], plain: [] }] });
    expect((rich.blocks[0] as { cells: { text: string }[][] }).cells[1]![1]!.text).toBe('—');
  });
});

describe('the Bot API’s limits on a rich message', () => {
  const rows = (count: number, width = 2, cell = 'x') => Array.from({ length: count }, () => Array.from({ length: width }, () => cell));

  it('takes a report of 500 blocks, table rows counted', () => {
    // The table block and its header row are two blocks: 498 rows more make 500.
    const report: Report = { rtl: false, parts: [{ kind: 'table', header: ['a', 'b'], rows: rows(RICH_MAX_BLOCKS - 2), plain: [] }] };
    expect(toRichMessage(report).ok).toBe(true);
  });

  it('refuses one block more, so that it goes as plain text', () => {
    const report: Report = { rtl: false, parts: [{ kind: 'table', header: ['a', 'b'], rows: rows(RICH_MAX_BLOCKS - 1), plain: [] }] };
    expect(toRichMessage(report)).toEqual({ ok: false, reason: 'blocks' });
  });

  it('refuses a table of more than 20 columns', () => {
    expect(toRichMessage({ rtl: false, parts: [{ kind: 'table', header: rows(1, 21)[0]!, rows: [], plain: [] }] })).toEqual({ ok: false, reason: 'columns' });
    expect(toRichMessage({ rtl: false, parts: [{ kind: 'table', header: rows(1, 20)[0]!, rows: [], plain: [] }] }).ok).toBe(true);
  });

  it('counts characters, not UTF-16 units: 32,768 Persian letters or emoji fit, one more does not', () => {
    const persian = 'ب'.repeat(RICH_MAX_CHARACTERS);
    expect(toRichMessage({ rtl: true, parts: [lines(persian)] }).ok).toBe(true);
    const emoji = '🎁'.repeat(RICH_MAX_CHARACTERS / 2);
    expect(toRichMessage({ rtl: false, parts: [lines(emoji, emoji)] }).ok).toBe(true);
    expect(toRichMessage({ rtl: false, parts: [lines(emoji, emoji, 'x')] })).toEqual({ ok: false, reason: 'characters' });
  });
});

import type { InputRichBlock, InputRichMessage, RichBlockTableCell } from 'grammy/types';
import { opensLeftToRight, RLM } from '../direction.js';
import type { ColumnAlign, Report, ReportPart } from './report.js';

/** The Bot API's limits on one rich message (sendRichMessage). */
export const RICH_MAX_CHARACTERS = 32_768;
/** Blocks count nested ones too: every table row, every block inside an expandable one. */
export const RICH_MAX_BLOCKS = 500;
export const RICH_MAX_COLUMNS = 20;

type Block = InputRichBlock;

export type RichRendering = { ok: true; message: InputRichMessage } | { ok: false; reason: 'characters' | 'blocks' | 'columns' };

/**
 * The report as a rich message described in blocks, not HTML or Markdown:
 * every string is text, so nothing typed by a person is read as markup and
 * nothing needs escaping. A Persian reader's report is marked right to left,
 * and each of its texts that opens with a Latin name carries a right-to-left
 * mark, as the plain texts' lines do (right-to-left.ts), for clients that
 * still take a line's direction from its first letter. Null-free: a report
 * past the Bot API's limits says which, and goes as plain text instead.
 */
export function toRichMessage(report: Report): RichRendering {
  const text = (value: string) => (report.rtl && opensLeftToRight(value) ? RLM + value : value);
  const blocks = report.parts.flatMap((part) => blocksOf(part, text, report.rtl));
  const size = measure(blocks);
  if (size.columns > RICH_MAX_COLUMNS) return { ok: false, reason: 'columns' };
  if (size.blocks > RICH_MAX_BLOCKS) return { ok: false, reason: 'blocks' };
  if (size.characters > RICH_MAX_CHARACTERS) return { ok: false, reason: 'characters' };
  return { ok: true, message: { blocks, ...(report.rtl ? { is_rtl: true } : {}) } };
}

function blocksOf(part: ReportPart, text: (value: string) => string, rtl: boolean): Block[] {
  switch (part.kind) {
    case 'heading':
      return [{ type: 'heading', size: 3, text: text(part.text) }];
    case 'lines':
      // Blocks are apart already: an empty line, which only separated lines in plain text, is no block.
      return part.lines.filter((line) => line.trim() !== '').map((line) => ({ type: 'paragraph', text: text(line) }));
    case 'table': {
      const cell = (value: string, column: number, header: boolean): RichBlockTableCell => ({
        text: text(value === '' ? '—' : value),
        ...(header ? { is_header: true } : {}),
        align: physical(part.align?.[column] ?? 'start', rtl),
        valign: 'top',
      });
      const cells = [part.header.map((value, column) => cell(value, column, true)), ...part.rows.map((row) => row.map((value, column) => cell(value, column, false)))];
      return [{ type: 'table', cells, is_bordered: true, is_striped: true, is_compact: true }];
    }
    case 'details':
      return [
        {
          type: 'details',
          summary: text(part.summary),
          blocks: part.parts.flatMap((inner) => blocksOf(inner, text, rtl)),
          ...(part.open ? { is_open: true } : {}),
        },
      ];
  }
}

/** Cell alignment is left or right on the page: the start of a right-to-left table is its right. */
function physical(align: ColumnAlign, rtl: boolean): 'left' | 'right' {
  return (align === 'start') !== rtl ? 'left' : 'right';
}

/** What the Bot API counts: blocks (nested ones and table rows too), characters of text (code points), the widest table. */
export function measure(blocks: readonly unknown[]): { blocks: number; characters: number; columns: number } {
  const total = { blocks: 0, characters: 0, columns: 0 };
  const textLength = (value: unknown): number => {
    if (typeof value === 'string') return [...value].length;
    if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + textLength(item), 0);
    if (value !== null && typeof value === 'object') return textLength((value as { text?: unknown }).text);
    return 0;
  };
  const visit = (block: unknown) => {
    if (block === null || typeof block !== 'object') return;
    const b = block as Record<string, unknown>;
    total.blocks += 1;
    total.characters += textLength(b['text']) + textLength(b['summary']) + textLength(b['caption']);
    if (b['type'] === 'table' && Array.isArray(b['cells'])) {
      for (const row of b['cells'] as unknown[]) {
        total.blocks += 1;
        const cells = Array.isArray(row) ? (row as { text?: unknown; colspan?: number }[]) : [];
        total.columns = Math.max(total.columns, cells.reduce((sum, c) => sum + (typeof c?.colspan === 'number' ? c.colspan : 1), 0));
        for (const c of cells) total.characters += textLength(c?.text);
      }
    }
    if (Array.isArray(b['blocks'])) for (const inner of b['blocks']) visit(inner);
    if (Array.isArray(b['items'])) for (const item of b['items'] as { blocks?: unknown[] }[]) {
      total.blocks += 1;
      for (const inner of item.blocks ?? []) visit(inner);
    }
  };
  for (const block of blocks) visit(block);
  return total;
}

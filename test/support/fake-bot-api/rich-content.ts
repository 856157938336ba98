import type { RichMessage } from 'grammy/types';

type Node = Record<string, unknown>;

/** A rich text's characters, formatting dropped. */
export function flattenRichText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(flattenRichText).join('');
  if (value !== null && typeof value === 'object') {
    const rich = value as { text?: unknown; alternative_text?: unknown; expression?: unknown };
    return rich.text !== undefined ? flattenRichText(rich.text) : String(rich.alternative_text ?? rich.expression ?? '');
  }
  return '';
}

/** Every table of a rich message, nested ones too (inside expandable blocks), as rows of cell texts, header row first. */
export function richTables(rich: RichMessage | undefined): string[][][] {
  const tables: string[][][] = [];
  visit(rich?.blocks ?? [], (block) => {
    if (block['type'] === 'table') tables.push((block['cells'] as Node[][]).map((row) => row.map((cell) => flattenRichText(cell['text']))));
  });
  return tables;
}

/** Every expandable block: its summary and whether it starts open. */
export function richDetails(rich: RichMessage | undefined): { summary: string; open: boolean; text: string }[] {
  const found: { summary: string; open: boolean; text: string }[] = [];
  visit(rich?.blocks ?? [], (block) => {
    if (block['type'] === 'details') found.push({ summary: flattenRichText(block['summary']), open: block['is_open'] === true, text: richPlainText(block['blocks'] as Node[]) });
  });
  return found;
}

/** What a reader sees, as lines: a block's text per line, a table's rows with " | " between cells. */
export function richPlainText(blocks: readonly unknown[]): string {
  const lines: string[] = [];
  const walk = (items: readonly unknown[]) => {
    for (const item of items) {
      const block = item as Node;
      if (block['type'] === 'table') for (const row of block['cells'] as Node[][]) lines.push(row.map((cell) => flattenRichText(cell['text'])).join(' | '));
      else if (block['type'] === 'details') {
        lines.push(flattenRichText(block['summary']));
        walk(block['blocks'] as unknown[]);
      } else if (Array.isArray(block['blocks'])) walk(block['blocks']);
      else if (Array.isArray(block['items'])) for (const entry of block['items'] as Node[]) walk(entry['blocks'] as unknown[]);
      else if (block['text'] !== undefined) lines.push(flattenRichText(block['text']));
    }
  };
  walk(blocks);
  return lines.join('\n');
}

function visit(blocks: readonly unknown[], see: (block: Node) => void): void {
  for (const item of blocks) {
    const block = item as Node;
    see(block);
    if (Array.isArray(block['blocks'])) visit(block['blocks'], see);
    if (Array.isArray(block['items'])) for (const entry of block['items'] as Node[]) visit((entry['blocks'] as unknown[]) ?? [], see);
  }
}

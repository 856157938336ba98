import type { Message, RichMessage } from 'grammy/types';
import { badRequest } from './api-error.js';
import type { ChatStore } from './chat-store.js';
import type { MethodHandler, Payload } from './message-methods.js';

/** The Bot API's documented limits on one rich message. */
export const RICH_LIMITS = { characters: 32_768, blocks: 500, columns: 20, depth: 16 } as const;

const TEXT_BLOCKS = new Set(['paragraph', 'heading', 'pre', 'footer', 'pullquote', 'expandable_blockquote']);
const NESTING_BLOCKS = new Set(['details', 'blockquote', 'collage', 'slideshow']);
const ALIGN = new Set(['left', 'center', 'right']);
const VALIGN = new Set(['top', 'middle', 'bottom']);

interface Tally {
  blocks: number;
  characters: number;
}

/**
 * sendRichMessage as the Bot API documents it: exactly one of html,
 * markdown and blocks; blocks of known types, each table cell with its
 * alignments; at most 32,768 characters of text, 500 blocks (nested ones,
 * list items and table rows counted), 16 levels and 20 columns. Anything
 * else is refused with a 400, as Telegram would. The message is kept with
 * its blocks (`rich_message`) so tests can read the cells.
 */
export function createRichMessageMethods(deps: { store: ChatStore; now: () => number; botUser: Message['from'] }): Record<string, MethodHandler> {
  return {
    sendRichMessage(payload: Payload) {
      const rich = readRich(payload['rich_message']);
      const record = deps.store.resolveWritable(payload['chat_id']);
      const protect = payload['protect_content'] === true;
      const { chat } = record;
      const stored = deps.store.addMessage(
        record,
        (messageId) => ({ message_id: messageId, from: deps.botUser, chat, date: deps.now(), rich_message: rich, ...(protect ? { has_protected_content: true } : {}) }) as Message,
        { fromBot: true, deleted: false, protect, edits: 0 },
      );
      return stored.message;
    },
  };
}

function readRich(value: unknown): RichMessage {
  const rich = typeof value === 'string' ? parseJson(value) : value;
  if (rich === null || typeof rich !== 'object' || Array.isArray(rich)) throw badRequest('rich_message must be an object');
  const fields = rich as Record<string, unknown>;
  const given = ['html', 'markdown', 'blocks'].filter((key) => fields[key] !== undefined);
  if (given.length !== 1) throw badRequest('exactly one of html, markdown or blocks must be specified in rich_message');
  const tally: Tally = { blocks: 0, characters: 0 };
  let blocks: unknown[];
  if (fields['blocks'] !== undefined) {
    if (!Array.isArray(fields['blocks']) || fields['blocks'].length === 0) throw badRequest('rich message blocks must be a non-empty array');
    for (const block of fields['blocks']) checkBlock(block, 1, tally);
    blocks = fields['blocks'];
  } else {
    const source = String(fields['html'] ?? fields['markdown']);
    // Markup is not parsed here: its text is what counts against the limit.
    tally.characters += [...source.replace(/<[^>]*>/g, '')].length;
    if (source.trim() === '') throw badRequest('rich message text is empty');
    blocks = [{ type: 'paragraph', text: source }];
  }
  if (tally.blocks > RICH_LIMITS.blocks) throw badRequest(`too many blocks in the rich message: ${tally.blocks} > ${RICH_LIMITS.blocks}`);
  if (tally.characters > RICH_LIMITS.characters) throw badRequest(`rich message is too long: ${tally.characters} > ${RICH_LIMITS.characters} characters`);
  return { blocks: blocks as RichMessage['blocks'], ...(fields['is_rtl'] === true ? { is_rtl: true } : {}) };
}

function checkBlock(value: unknown, depth: number, tally: Tally): void {
  if (depth > RICH_LIMITS.depth) throw badRequest('rich message blocks are nested too deeply');
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw badRequest('rich message block must be an object');
  const block = value as Record<string, unknown>;
  tally.blocks += 1;
  const type = block['type'];
  if (typeof type !== 'string') throw badRequest('rich message block type must be specified');
  if (TEXT_BLOCKS.has(type)) {
    tally.characters += richTextLength(block['text'], depth);
    if (type === 'heading' && !(Number.isInteger(block['size']) && (block['size'] as number) >= 1 && (block['size'] as number) <= 6)) throw badRequest('heading size must be 1-6');
    return;
  }
  if (type === 'divider') return;
  if (type === 'table') return checkTable(block, depth, tally);
  if (type === 'list') {
    if (!Array.isArray(block['items'])) throw badRequest('list items must be an array');
    for (const item of block['items'] as { blocks?: unknown }[]) {
      tally.blocks += 1;
      if (!Array.isArray(item?.blocks)) throw badRequest('list item blocks must be an array');
      for (const inner of item.blocks) checkBlock(inner, depth + 1, tally);
    }
    return;
  }
  if (NESTING_BLOCKS.has(type)) {
    if (type === 'details') tally.characters += richTextLength(block['summary'], depth);
    if (!Array.isArray(block['blocks'])) throw badRequest(`${type} blocks must be an array`);
    for (const inner of block['blocks']) checkBlock(inner, depth + 1, tally);
    return;
  }
  throw badRequest(`unsupported rich block type "${type}"`);
}

function checkTable(block: Record<string, unknown>, depth: number, tally: Tally): void {
  const rows = block['cells'];
  if (!Array.isArray(rows) || rows.length === 0) throw badRequest('table cells must be a non-empty array of rows');
  if (block['caption'] !== undefined) tally.characters += richTextLength(block['caption'], depth);
  for (const row of rows) {
    tally.blocks += 1;
    if (!Array.isArray(row) || row.length === 0) throw badRequest('table row must be a non-empty array of cells');
    let columns = 0;
    for (const cell of row as Record<string, unknown>[]) {
      if (cell === null || typeof cell !== 'object') throw badRequest('table cell must be an object');
      if (!ALIGN.has(String(cell['align'])) || !VALIGN.has(String(cell['valign']))) throw badRequest('table cell align or valign is invalid');
      columns += typeof cell['colspan'] === 'number' ? cell['colspan'] : 1;
      if (cell['text'] !== undefined) tally.characters += richTextLength(cell['text'], depth);
    }
    if (columns > RICH_LIMITS.columns) throw badRequest(`too many columns in a table: ${columns} > ${RICH_LIMITS.columns}`);
  }
}

/** Characters of a RichText (code points, as UTF-8 characters are counted); refuses what is not one. */
function richTextLength(value: unknown, depth: number): number {
  if (depth > RICH_LIMITS.depth) throw badRequest('rich text is nested too deeply');
  if (typeof value === 'string') return [...value].length;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + richTextLength(item, depth + 1), 0);
  if (value !== null && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string') {
    const rich = value as { text?: unknown; alternative_text?: unknown; expression?: unknown };
    if (rich.text !== undefined) return richTextLength(rich.text, depth + 1);
    return [...String(rich.alternative_text ?? rich.expression ?? '')].length;
  }
  throw badRequest("can't parse rich text");
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw badRequest("can't parse rich_message JSON object");
  }
}

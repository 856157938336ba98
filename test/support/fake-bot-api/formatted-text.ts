import type { MessageEntity } from 'grammy/types';
import { badRequest } from './api-error.js';
import { checkLink, sortEntities, type FormattedText } from './entities.js';
import { isCustomEmojiId, parseHtml } from './html-parser.js';
import { parseMarkdown, parseMarkdownV2 } from './markdown-parser.js';

export const MAX_MESSAGE_LENGTH = 4096;

const ENTITY_TYPES = new Set<string>([
  'mention', 'hashtag', 'cashtag', 'bot_command', 'url', 'email', 'phone_number', 'bold', 'italic',
  'underline', 'strikethrough', 'spoiler', 'blockquote', 'expandable_blockquote', 'code', 'pre',
  'text_link', 'text_mention', 'custom_emoji', 'date_time',
]);

/**
 * Turns `text` + `parse_mode` / `entities` into what Telegram stores: plain text, validated
 * entities, whitespace trimmed at both ends, at most 4096 UTF-16 code units.
 */
export function resolveFormattedText(payload: Record<string, unknown>): FormattedText {
  const rawText = payload['text'];
  if (rawText === undefined || rawText === null || rawText === '') throw badRequest('message text is empty');
  const text = typeof rawText === 'string' ? rawText : String(rawText);

  const mode = payload['parse_mode'];
  const parseMode = typeof mode === 'string' ? mode.toLowerCase() : '';
  let formatted: FormattedText;
  if (parseMode === '' || parseMode === 'none') formatted = { text, entities: readEntities(payload['entities']) };
  else if (parseMode === 'html') formatted = parseHtml(text);
  else if (parseMode === 'markdownv2') formatted = parseMarkdownV2(text);
  else if (parseMode === 'markdown') formatted = parseMarkdown(text);
  else throw badRequest('unsupported parse_mode');

  const normalized = normalize(formatted);
  if (normalized.text.length > MAX_MESSAGE_LENGTH) throw badRequest('message is too long');
  return normalized;
}

function readEntities(value: unknown): MessageEntity[] {
  if (value === undefined || value === null) return [];
  const list: unknown = typeof value === 'string' ? safeJson(value) : value;
  if (!Array.isArray(list)) throw badRequest("can't parse entities JSON object");
  return list.map((item) => readEntity(item));
}

function readEntity(item: unknown): MessageEntity {
  const fail = (detail: string) => badRequest(`can't parse MessageEntity: ${detail}`);
  if (item === null || typeof item !== 'object') throw fail('expected an Object');
  const entity = item as Record<string, unknown>;
  if (typeof entity['type'] !== 'string') throw fail('Can\'t find field "type"');
  if (!ENTITY_TYPES.has(entity['type'])) throw fail('Unsupported type specified');
  for (const field of ['offset', 'length']) {
    if (entity[field] === undefined) throw fail(`Can't find field "${field}"`);
    if (!Number.isInteger(entity[field])) throw fail(`Field "${field}" must be a valid Number`);
  }
  if (entity['type'] === 'text_link') {
    if (typeof entity['url'] !== 'string') throw fail('Can\'t find field "url"');
    if (entity['url'].trim() === '') throw badRequest("entity URL '' is invalid: URL host is empty");
    if (checkLink(entity['url']) === '') throw badRequest(`entity URL '${entity['url']}' is invalid: Wrong HTTP URL`);
  }
  if (entity['type'] === 'text_mention' && (entity['user'] === null || typeof entity['user'] !== 'object')) {
    throw fail('Can\'t find field "user"');
  }
  if (entity['type'] === 'custom_emoji') {
    if (entity['custom_emoji_id'] === undefined) throw fail('Can\'t find field "custom_emoji_id"');
    if (!isCustomEmojiId(String(entity['custom_emoji_id']))) {
      throw fail('Field "custom_emoji_id" must be a valid Number');
    }
  }
  return entity as unknown as MessageEntity;
}

const isBlank = (char: string | undefined): boolean => char === ' ' || char === '\n';

/**
 * A reduced form of tdlib's fix_formatted_text: bounds checks with Telegram's messages, empty
 * and whitespace-only entities dropped, leading and trailing spaces and newlines trimmed.
 */
function normalize({ text, entities }: FormattedText): FormattedText {
  for (const entity of entities) {
    if (entity.offset < 0) throw badRequest(`receive an entity with incorrect offset ${entity.offset}`);
    if (entity.length < 0) throw badRequest(`receive an entity with incorrect length ${entity.length}`);
  }
  let kept = sortEntities(entities.filter((entity) => entity.length > 0));
  for (const entity of kept) {
    if (entity.offset > text.length) {
      throw badRequest(`entity begins after the end of the text at UTF-16 offset ${entity.offset}`);
    }
    if (entity.offset + entity.length > text.length) {
      throw badRequest(
        `entity beginning at UTF-16 offset ${entity.offset} ends after the end of the text at UTF-16 offset ${entity.offset + entity.length}`,
      );
    }
  }
  if ([...text].every((char) => isBlank(char))) throw badRequest('text must be non-empty');

  kept = kept.filter((entity) => ![...text.slice(entity.offset, entity.offset + entity.length)].every(isBlank));
  let end = text.length;
  while (end > 0 && isBlank(text[end - 1])) end--;
  const firstEntity = kept[0]?.offset ?? end;
  let start = 0;
  while (start < firstEntity && isBlank(text[start])) start++;

  const trimmed = kept.map((entity) => ({
    ...entity,
    offset: entity.offset - start,
    length: Math.min(entity.offset + entity.length, end) - entity.offset,
  }));
  return { text: text.slice(start, end), entities: sortEntities(trimmed) };
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

import type { MessageEntity } from 'grammy/types';

/** Plain text with its entities, offsets in UTF-16 code units as the Bot API counts them. */
export interface FormattedText {
  text: string;
  entities: MessageEntity[];
}

/** An entity while parsing: tdlib's type names, converted to Bot API entities at the end. */
export interface RawEntity {
  type: string;
  offset: number;
  length: number;
  argument?: string;
}

// Parsers work on UTF-8 bytes, as tdlib does, so error messages report the same byte offsets.
export const isFirstCodeUnit = (byte: number): boolean => (byte & 0xc0) !== 0x80;
export const utf16Units = (leadByte: number): number => (leadByte >= 0xf0 ? 2 : 1);
export const isSpace = (byte: number): boolean =>
  byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x0b || byte === 0x0c || byte === 0;

export function byteReader(input: string): { bytes: Buffer; at: (index: number) => number } {
  const bytes = Buffer.from(input, 'utf8');
  return { bytes, at: (index) => (index < bytes.length ? (bytes[index] ?? 0) : 0) };
}

export function pushCodePoint(out: number[], code: number): void {
  for (const byte of Buffer.from(String.fromCodePoint(code), 'utf8')) out.push(byte);
}

export const decodeBytes = (bytes: number[] | Buffer): string => Buffer.from(bytes).toString('utf8');

/**
 * What Telegram accepts as a link target. Returns the link to store, or '' when the link is
 * dropped (in parsed markup) or rejected (in explicit entities).
 */
export function checkLink(url: string): string {
  const trimmed = url.trim();
  if (/^(tg|ton):/i.test(trimmed)) return trimmed;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  try {
    const parsed = new URL(withScheme);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return '';
    if (!parsed.hostname.includes('.') || parsed.hostname.startsWith('.') || parsed.hostname.endsWith('.')) return '';
    return withScheme;
  } catch {
    return '';
  }
}

const PRIORITY: Record<string, number> = {
  bold: 90,
  italic: 91,
  underline: 92,
  strikethrough: 93,
  spoiler: 94,
  custom_emoji: 99,
  code: 20,
  pre: 11,
  text_link: 49,
  text_mention: 49,
  blockquote: 0,
  expandable_blockquote: 0,
};

export function sortEntities(entities: MessageEntity[]): MessageEntity[] {
  return [...entities].sort(
    (a, b) => a.offset - b.offset || b.length - a.length || (PRIORITY[a.type] ?? 50) - (PRIORITY[b.type] ?? 50),
  );
}

/** Converts tdlib-style entities into Bot API entities, sorted as Telegram returns them. */
export function toBotApiEntities(raw: RawEntity[]): MessageEntity[] {
  const converted = raw.map((entity): MessageEntity => {
    const base = { offset: entity.offset, length: entity.length };
    switch (entity.type) {
      case 'PreCode':
        return { ...base, type: 'pre', language: entity.argument ?? '' };
      case 'TextUrl': {
        const userId = /^tg:\/\/user\?id=(\d+)$/i.exec(entity.argument ?? '')?.[1];
        return userId === undefined
          ? { ...base, type: 'text_link', url: entity.argument ?? '' }
          : { ...base, type: 'text_mention', user: { id: Number(userId), is_bot: false, first_name: '' } };
      }
      case 'CustomEmoji':
        return { ...base, type: 'custom_emoji', custom_emoji_id: entity.argument ?? '' };
      case 'ExpandableBlockQuote':
        return { ...base, type: 'expandable_blockquote' };
      default:
        return { ...base, type: TYPE_NAMES[entity.type] ?? 'bold' } as MessageEntity;
    }
  });
  return sortEntities(converted);
}

const TYPE_NAMES: Record<string, MessageEntity['type']> = {
  Bold: 'bold',
  Italic: 'italic',
  Underline: 'underline',
  Strikethrough: 'strikethrough',
  Spoiler: 'spoiler',
  Code: 'code',
  Pre: 'pre',
  BlockQuote: 'blockquote',
};

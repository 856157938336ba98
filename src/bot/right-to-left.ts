import type { Transformer } from 'grammy';
import { textTransformer } from './text-transformer.js';
import type { MessageEntity } from 'grammy/types';
import type { Locale } from '../text/i18n.js';
import { opensLeftToRight, RLM } from '../text/direction.js';

/**
 * Lays out the messages a Persian reader gets right to left. Telegram sets
 * each line's direction by its first strong letter, so a Persian line that
 * opens with a Latin product or person name ("Google Play 10 USD × ۲",
 * "Ada سفارش شما را تأیید کرد") would run left to right, its full stop at
 * the wrong end. Such a line gets a right-to-left mark in front, here where
 * the whole text and its entities are known (a translation is often only
 * part of a line). A line that opens with a command keeps it first, so that
 * it stays tappable; English readers' messages are left as they are.
 */
export function rightToLeftLayout(localeOf: (chatId: number) => Locale): Transformer {
  return textTransformer((payload, { textKey, entitiesKey, limit }) => {
    const text = payload[textKey];
    const chatId = payload['chat_id'];
    if (typeof text !== 'string' || typeof chatId !== 'number' || payload['parse_mode'] !== undefined || localeOf(chatId) !== 'fa') return payload;
    const marked = markLines(text, (payload[entitiesKey] as MessageEntity[] | undefined) ?? []);
    if (marked === null || marked.text.length > limit) return payload;
    return { ...payload, [textKey]: marked.text, ...(payload[entitiesKey] === undefined ? {} : { [entitiesKey]: marked.entities }) };
  });
}

/**
 * The text with a right-to-left mark before each line that would run left
 * to right, and its entities moved to match (offsets and lengths count
 * UTF-16 code units, as String.length does): an entity that starts where a
 * mark goes starts after it; one that spans a marked line grows by its
 * mark. Null when no line needs one.
 */
export function markLines(text: string, entities: readonly MessageEntity[]): { text: string; entities: MessageEntity[] } | null {
  const marks: number[] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    if (opensLeftToRight(line)) marks.push(at);
    at += line.length + 1;
  }
  if (marks.length === 0) return null;
  let marked = '';
  let from = 0;
  for (const mark of marks) {
    marked += text.slice(from, mark) + RLM;
    from = mark;
  }
  marked += text.slice(from);
  const before = (position: number) => marks.filter((mark) => mark <= position).length;
  return {
    text: marked,
    entities: entities.map((entity) => {
      const start = entity.offset + before(entity.offset);
      const end = entity.offset + entity.length + before(entity.offset + entity.length - 1);
      return { ...entity, offset: start, length: end - start };
    }),
  };
}

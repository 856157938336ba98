import type { Transformer } from 'grammy';
import { textTransformer } from './text-transformer.js';
import type { MessageEntity } from 'grammy/types';
import { LOCALES, translatorFor, type Locale } from '../text/i18n.js';


/**
 * In sandbox mode, every message the bot sends or edits carries the
 * SANDBOX badge at its top, in the reader's language, so that nobody takes
 * a rehearsal for the live service: menus, /start, approval cards, alerts,
 * feed lines, the digest and pause notices alike. Texts that already show
 * the badge where their own layout puts it are left alone, and so is a text
 * the badge would push over Telegram's length limit.
 */
export function sandboxBadge(localeOf: (chatId: number) => Locale): Transformer {
  const badges = LOCALES.map((locale) => translatorFor(locale)('sandbox-badge'));
  const badgeFor = (chatId: unknown): string => translatorFor(typeof chatId === 'number' ? localeOf(chatId) : 'en')('sandbox-badge');

  const texts = textTransformer((payload, { textKey, entitiesKey, limit }) => {
    const text = payload[textKey];
    // Formatting is sent as entities here; a parse_mode text would read the badge's brackets as markup.
    if (typeof text !== 'string' || payload['parse_mode'] !== undefined || badges.some((badge) => text.includes(badge))) return payload;
    const prefix = `${badgeFor(payload['chat_id'])}\n`;
    if (prefix.length + text.length > limit) return payload;
    const entities = payload[entitiesKey] as MessageEntity[] | undefined;
    return {
      ...payload,
      [textKey]: prefix + text,
      // Offsets count UTF-16 code units, as String.length does.
      [entitiesKey]: [{ type: 'bold', offset: 0, length: prefix.length - 1 }, ...(entities ?? []).map((e) => ({ ...e, offset: e.offset + prefix.length }))],
    };
  });
  // A rich report (rich-report.ts) carries the badge as its first block, in bold.
  return (prev, method, payload, signal) => {
    if (method !== 'sendRichMessage') return texts(prev, method, payload, signal);
    const rich = (payload as { rich_message?: { blocks?: unknown[] } }).rich_message;
    if (!Array.isArray(rich?.blocks)) return prev(method, payload, signal);
    const badge = { type: 'paragraph', text: { type: 'bold', text: badgeFor((payload as { chat_id?: unknown }).chat_id) } };
    return prev(method, { ...payload, rich_message: { ...rich, blocks: [badge, ...rich.blocks] } } as typeof payload, signal);
  };
}

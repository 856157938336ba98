import { normaliseDigits } from './digits.js';

/**
 * Telegram user IDs are positive and, Telegram promises, fit in 52 bits, so
 * every real one is a safe JavaScript integer. Anything longer would be
 * rounded by Number() and saved as somebody else's ID: refuse it instead.
 */
export function parseTelegramUserId(text: string): number | null {
  const digits = normaliseDigits(text.trim());
  if (!/^[1-9][0-9]{0,15}$/.test(digits)) return null;
  const id = Number(digits);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * Group chats have negative ids, private chats positive ones (a private
 * chat's id is its person's): a message in a group is read by everyone
 * there, in the group's language.
 */
export const isGroupChat = (chatId: number): boolean => chatId < 0;

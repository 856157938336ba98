import { parseTelegramUserId } from '../text/telegram-id.js';

/** A person as an administrator types them after a command: a numeric Telegram id, or a @username still to be looked up. */
export type PersonWord = { kind: 'id'; id: number } | { kind: 'username'; username: string };

/** Telegram usernames are at most 32 letters, digits and underscores. */
const USERNAME = /^@[A-Za-z0-9_]{1,32}$/;

/** One word naming a person; Persian digits count. Null when the word names nobody. */
export function parsePersonWord(word: string): PersonWord | null {
  const trimmed = word.trim();
  if (USERNAME.test(trimmed)) return { kind: 'username', username: trimmed.slice(1) };
  const id = parseTelegramUserId(trimmed);
  return id === null ? null : { kind: 'id', id };
}

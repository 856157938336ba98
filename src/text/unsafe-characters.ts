/**
 * Characters that can rearrange or hide the text around them when a person's
 * words are shown to someone else: C0/C1 controls, every invisible format
 * character (bidi embeddings, overrides and isolates U+202A–U+202E,
 * U+2066–U+2069, the direction marks U+200E, U+200F, U+061C, the zero-width
 * space, the byte-order mark) and the line and paragraph separators
 * U+2028/U+2029. The zero-width non-joiner U+200C and joiner U+200D stay:
 * Persian words (می‌روم) and emoji sequences need them, and they reorder nothing.
 */
const UNSAFE = /[\p{Cc}\u2028\u2029]|(?![\u200C\u200D])\p{Cf}/gu;

/** The text without the characters above; spaces and newlines are the caller's to fold first (\p{Cc} holds them). */
export function withoutUnsafeCharacters(text: string): string {
  return text.replace(UNSAFE, '');
}

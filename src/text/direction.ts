/** The right-to-left mark: an invisible strong right-to-left letter. */
export const RLM = '\u200F';

// Letters only: Persian and Arabic digits and punctuation are weak and set no direction.
const RIGHT_TO_LEFT_LETTERS = '\\u05D0-\\u05EA\\u0620-\\u064A\\u066E-\\u06D3\\u06D5\\u06EE\\u06EF\\u06FA-\\u06FF\\u0750-\\u077F\\u08A0-\\u08FF\\uFB1D-\\uFDFF\\uFE70-\\uFEFC';
const FIRST_STRONG = new RegExp(`[A-Za-z\\u00C0-\\u024F\\u0370-\\u03FF\\u0400-\\u04FF${RIGHT_TO_LEFT_LETTERS}]`, 'u');
const RIGHT_TO_LEFT = new RegExp(`[${RIGHT_TO_LEFT_LETTERS}]`, 'u');

/**
 * Whether Telegram would lay this line out left to right: its first strong
 * letter is Latin, Greek or Cyrillic. A line that opens with a command or
 * already carries the mark is left as it is (the command stays tappable).
 */
export function opensLeftToRight(line: string): boolean {
  if (line.startsWith('/') || line.startsWith(RLM)) return false;
  const first = FIRST_STRONG.exec(line)?.[0];
  return first !== undefined && !RIGHT_TO_LEFT.test(first);
}

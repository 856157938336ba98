import { normaliseDigits } from './digits.js';

/**
 * Thousands separators people type: the comma, the Arabic thousands
 * separator (٬), the Arabic comma (،), the apostrophe and the underscore.
 * A dot is not among them: "1.5" is refused rather than read as 15.
 */
const SEPARATORS = /[,\u066c\u060c'’_]/g;

/**
 * An amount typed by a person: a whole number in ASCII, Persian or
 * Arabic-Indic digits, thousands separators allowed. Null for anything
 * else, including decimals, signs and amounts beyond exact integers.
 */
export function parseAmountInput(text: string): number | null {
  const plain = normaliseDigits(text.trim()).replace(SEPARATORS, '');
  if (!/^\d{1,16}$/.test(plain)) return null;
  const value = Number(plain);
  return Number.isSafeInteger(value) ? value : null;
}

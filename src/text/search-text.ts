import { normaliseDigits } from './digits.js';

/**
 * Search folding for Persian, Arabic and Latin titles. Titles and queries go
 * through the same function, so a query typed on an Arabic keyboard, with
 * Persian digits, or with a space where the title has a zero-width non-joiner
 * still finds the product.
 */

const CHARACTER_MAP: Record<string, string> = {
  '\u064A': '\u06CC', // Arabic yeh -> Persian yeh
  '\u0649': '\u06CC', // alef maksura -> Persian yeh
  '\u0643': '\u06A9', // Arabic kaf -> Persian keheh
  '\u0629': '\u0647', // teh marbuta -> heh
  '\u06C0': '\u0647', // heh with yeh above -> heh
  '\u0623': '\u0627', // alef with hamza above -> alef
  '\u0625': '\u0627', // alef with hamza below -> alef
  '\u0622': '\u0627', // alef with madda -> alef
  '\u0624': '\u0648', // waw with hamza -> waw
};

function foldCharacter(char: string): string {
  return CHARACTER_MAP[char] ?? char;
}

export function normaliseSearchText(text: string): string {
  return (
    normaliseDigits(text)
      .normalize('NFKC')
      // Harakat, superscript alef and tatweel carry no meaning for search.
      .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
      // Zero-width non-joiner and joiner, and any run of spaces, become one space.
      .replace(/[\u200C\u200D\s]+/g, ' ')
      .replace(/[\u0600-\u06FF]/g, foldCharacter)
      .toLowerCase()
      .trim()
  );
}

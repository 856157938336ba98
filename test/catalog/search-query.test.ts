import { describe, expect, it } from 'vitest';
import { buildMatchExpression, searchWords } from '../../src/text/search-query.js';

describe('search query', () => {
  it('makes every typed word a prefix that must match', () => {
    expect(buildMatchExpression('voucher 20')).toBe('"voucher"* AND "20"*');
  });

  it('adds the Latin spelling of a brand typed in Persian', () => {
    expect(buildMatchExpression('نتفلیکس')).toBe('("نتفلیکس"* OR "netflix"* OR "نت فلیکس"*)');
  });

  it('adds the Persian spelling of a brand typed in Latin letters, whatever the case', () => {
    expect(buildMatchExpression('STEAM')).toBe('("steam"* OR "استیم"*)');
  });

  it('reads a two-word brand as one phrase in each script', () => {
    expect(buildMatchExpression('google play 10')).toBe('("google play"* OR "googleplay"* OR "گوگل پلی"*) AND "10"*');
  });

  it('expands a half-typed last word to the brands it begins', () => {
    expect(buildMatchExpression('spot')).toBe('("spot"* OR "spotify"* OR "اسپاتیفای"* OR "اسپوتیفای"*)');
  });

  it('does not expand a half-typed word shorter than three letters', () => {
    expect(buildMatchExpression('sp')).toBe('"sp"*');
  });

  it('folds Arabic letters, Persian digits and zero-width non-joiners before matching aliases', () => {
    expect(buildMatchExpression('پلي‌استيشن ۵')).toBe('("پلی استیشن"* OR "playstation"* OR "play station"* OR "psn"*) AND "5"*');
  });

  it('drops punctuation and quotes, which could otherwise break the expression', () => {
    expect(buildMatchExpression('"xbox" OR (*)')).toBe('("xbox"* OR "x box"* OR "ایکس باکس"*) AND "or"*');
  });

  it('gives nothing to search for blank or punctuation-only input', () => {
    expect(buildMatchExpression('  ')).toBeNull();
    expect(buildMatchExpression('*"()')).toBeNull();
  });

  it('keeps percent signs and underscores inside words, as the index does', () => {
    expect(searchWords('50% co_op')).toEqual(['50%', 'co_op']);
  });
});

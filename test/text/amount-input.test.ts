import { describe, expect, it } from 'vitest';
import { parseAmountInput } from '../../src/text/amount-input.js';

describe('amounts typed by a person', () => {
  it('reads ASCII digits with comma separators', () => {
    expect(parseAmountInput('10,000,000')).toBe(10_000_000);
  });

  it('reads Persian digits with the Arabic thousands separator', () => {
    expect(parseAmountInput('۱۰٬۰۰۰٬۰۰۰')).toBe(10_000_000);
  });

  it('reads Arabic-Indic digits', () => {
    expect(parseAmountInput('٢٥٠٠')).toBe(2_500);
  });

  it('refuses decimals, signs, words and amounts beyond exact integers', () => {
    for (const text of ['1.5', '-100', '+100', 'ten', '', '1e6', '99999999999999999']) expect(parseAmountInput(text)).toBeNull();
  });
});

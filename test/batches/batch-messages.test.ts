import { describe, expect, it } from 'vitest';
import { batchProblemLine, batchProblemsText, batchRefusalText } from '../../src/batches/batch-messages.js';
import type { BatchProblem } from '../../src/batches/batch-problems.js';
import type { BatchFileRefusal } from '../../src/batches/batch-file.js';
import { LOCALES, translatorFor } from '../../src/text/i18n.js';
import { TELEGRAM_MAX_MESSAGE_LENGTH } from '../../src/text/split-message.js';

const en = translatorFor('en');
const fa = translatorFor('fa');

const EVERY_PROBLEM: BatchProblem[] = [
  { row: 11, column: 'product', rule: 'unknown-product', value: 'Amazon Gift Card 500 USD' },
  { row: 2, column: 'product', rule: 'ambiguous-title', value: 'Gift Card', candidates: [101, 110] },
  { row: 3, column: 'product', rule: 'product-unavailable', value: '105' },
  { row: 4, column: 'region', rule: 'wrong-region', value: 'Mars', regions: ['US', 'EU'] },
  { row: 5, column: 'quantity', rule: 'bad-quantity', value: '2.5' },
  { row: 13, column: 'quantity', rule: 'quantity-above-stock', value: '6', stock: 15, asked: 16 },
  { row: 8, column: 'شماره موبایل گیرنده', rule: 'missing-column' },
  { row: 6, column: 'quantity', rule: 'missing-value' },
  { row: 12, column: 'ایمیل گیرنده', rule: 'invalid-answer', value: 'not-an-email', problem: { reason: 'email' } },
  { row: 1, column: 'notes', rule: 'unknown-column' },
  { row: 1, column: '9', rule: 'duplicate-column' },
  { row: 7, column: '', rule: 'stray-value', value: 'stray' },
];

const EVERY_REFUSAL: BatchFileRefusal[] = [
  { reason: 'not-csv', detail: { looksLike: 'spreadsheet' } },
  { reason: 'not-csv', detail: { looksLike: 'binary' } },
  { reason: 'not-csv', detail: { looksLike: 'one-column' } },
  { reason: 'not-csv', detail: { looksLike: 'broken-quotes', line: 3 } },
  { reason: 'empty' },
  { reason: 'too-many-rows', detail: { maxRows: 500 } },
  { reason: 'not-utf8', detail: { encoding: 'other' } },
  { reason: 'not-utf8', detail: { encoding: 'utf-16' } },
  { reason: 'duplicate-column', detail: { column: 'product' } },
];

describe('batch texts', () => {
  it('has its own words for every problem and refusal in both languages', () => {
    for (const locale of LOCALES) {
      const t = translatorFor(locale);
      for (const problem of EVERY_PROBLEM) expect(batchProblemLine(problem, t, locale)).not.toMatch(/batch-|field-|\{|\$/);
      for (const refusal of EVERY_REFUSAL) expect(batchRefusalText(refusal, t, locale)).not.toMatch(/batch-|\{|\$/);
    }
  });

  it('names the row, the column and the rule, with the field rule\'s own reason', () => {
    expect(batchProblemLine(EVERY_PROBLEM[8]!, en, 'en')).toBe(
      'Row 12, “ایمیل گیرنده”: “not-an-email”: That is not an e-mail address: it needs a name, an @ and a domain, like name@example.com.',
    );
    expect(batchProblemLine(EVERY_PROBLEM[5]!, en, 'en')).toBe('Row 13, “quantity”: only 15 are in stock, and this row with the rows of this product above it that fit asks for 16.');
    expect(batchProblemLine(EVERY_PROBLEM[5]!, fa, 'fa')).toBe('ردیف ۱۳، «quantity»: فقط ۱۵ عدد موجود است و این ردیف همراه با ردیف‌های بالاتر این محصول که در موجودی جا شده‌اند ۱۶ عدد می‌خواهد.');
    expect(batchRefusalText({ reason: 'too-many-rows', detail: { maxRows: 1_000 } }, fa, 'fa')).toContain('۱٬۰۰۰');
  });

  it('lists every problem when they fit, and clips a long list to one message with the count of the rest', () => {
    const short = batchProblemsText(EVERY_PROBLEM.slice(0, 2), en, 'en');
    expect(short.split('\n')).toEqual([
      'Nothing was ordered: 2 problems need fixing.',
      'Row 11, “product”: no product has the id or title “Amazon Gift Card 500 USD”.',
      'Row 2, “product”: several products are called “Gift Card” (ids 101, 110); write the id of the one you mean.',
      'Fix them in the file and send it again.',
    ]);

    const many: BatchProblem[] = Array.from({ length: 500 }, (_, i) => ({ row: i + 2, column: 'ایمیل گیرنده', rule: 'invalid-answer', value: `person${i}@`, problem: { reason: 'email' } }));
    for (const locale of LOCALES) {
      const text = batchProblemsText(many, translatorFor(locale), locale);
      expect(text.length).toBeLessThanOrEqual(TELEGRAM_MAX_MESSAGE_LENGTH);
      const lines = text.split('\n');
      const shown = lines.length - 3;
      expect(shown).toBeGreaterThan(10);
      const more = translatorFor('en')('batch-problems-more', { count: String(500 - shown) });
      if (locale === 'en') expect(lines.at(-2)).toBe(more);
      else expect(lines.at(-2)).toContain(new Intl.NumberFormat('fa-IR').format(500 - shown));
    }
  });

  it('quotes a long cell back shortened', () => {
    const line = batchProblemLine({ row: 2, column: 'product', rule: 'unknown-product', value: 'x'.repeat(5_000) }, en, 'en');
    expect(line.length).toBeLessThan(150);
  });
});

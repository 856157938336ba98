import { describe, expect, it } from 'vitest';
import { checkFieldValue, checkQuantity, phoneDigitRange } from '../../src/orders/field-validation.js';
import type { RequiredField } from '../../src/provider/schemas.js';

function field(overrides: Partial<RequiredField> = {}): RequiredField {
  return { fieldId: 1, title: 'Answer', type: 'text', required: true, pattern: null, minLength: null, maxLength: null, hint: null, ...overrides };
}

describe('checking an answer to a required field', () => {
  it('refuses an empty or blank answer', () => {
    expect(checkFieldValue(field(), '   ')).toEqual({ ok: false, reason: 'empty' });
  });

  it('keeps free text, trimmed and with runs of spaces collapsed', () => {
    expect(checkFieldValue(field(), '  Ali   Rezaei \n ')).toEqual({ ok: true, value: 'Ali Rezaei' });
  });

  it('drops bidi overrides, isolates, direction marks, separators and other invisible controls, keeping the Persian non-joiner', () => {
    const raw = 'player\u202E\u2066 42\u2069\u202C\u200E\u200F\u061C\u2028\u2029\u0000\u200B\uFEFF end';
    expect(checkFieldValue(field(), raw)).toEqual({ ok: true, value: 'player 42 end' });
    expect(checkFieldValue(field(), 'علی\u200Cرضا\u202B')).toEqual({ ok: true, value: 'علی\u200Cرضا' });
    expect(checkFieldValue(field(), '\u202E\u2067')).toEqual({ ok: false, reason: 'empty' });
  });

  describe('e-mail', () => {
    const email = field({ type: 'email' });

    it('accepts an address and sends it in lower case without spaces', () => {
      expect(checkFieldValue(email, ' Buyer@Example.COM ')).toEqual({ ok: true, value: 'buyer@example.com' });
    });

    it('refuses text that is not an address', () => {
      expect(checkFieldValue(email, 'buyer at example.com')).toEqual({ ok: false, reason: 'email' });
      expect(checkFieldValue(email, 'buyer@')).toEqual({ ok: false, reason: 'email' });
    });
  });

  describe('phone', () => {
    const phone = field({ type: 'phone' });

    it('reads Persian digits and drops spaces and dashes', () => {
      expect(checkFieldValue(phone, '۰۹۱۲ ۱۲۳-۴۵۶۷')).toEqual({ ok: true, value: '09121234567' });
    });

    it('reads Arabic-Indic digits and keeps a leading plus', () => {
      expect(checkFieldValue(phone, '+٩٨٩١٢١٢٣٤٥٦٧')).toEqual({ ok: true, value: '+989121234567' });
    });

    it('says the provider’s stricter length as the one phone rule, not ours first and theirs after', () => {
      // The sandbox's phone field: 10 to 15 characters, a + and 10 to 14 digits.
      const strict = field({ type: 'phone', minLength: 10, maxLength: 15, pattern: '^\\+?[0-9]{10,14}$' });
      expect(checkFieldValue(strict, '12345')).toEqual({ ok: false, reason: 'phone-length', min: 10, max: 14, digits: 5 });
      // Enough for our own rule, too few for the provider's: still the same one rule, not "too short" after it.
      expect(checkFieldValue(strict, '12345678')).toEqual({ ok: false, reason: 'phone-length', min: 10, max: 14, digits: 8 });
      expect(checkFieldValue(strict, '123456789012345')).toEqual({ ok: false, reason: 'phone-length', min: 10, max: 14, digits: 15 });
      expect(checkFieldValue(strict, '+989121234567')).toEqual({ ok: true, value: '+989121234567' });
    });

    it('counts a leading + in the provider’s lengths, and keeps ours where theirs contradict each other', () => {
      expect(phoneDigitRange({ minLength: 10, maxLength: 12, pattern: null }, true)).toEqual({ min: 9, max: 11 });
      expect(phoneDigitRange({ minLength: null, maxLength: null, pattern: '^\\d{8,12}$' }, false)).toEqual({ min: 8, max: 12 });
      expect(phoneDigitRange({ minLength: 20, maxLength: 5, pattern: null }, false)).toEqual({ min: 6, max: 16 });
      // A pattern that says more than how many digits is left to the pattern check.
      expect(phoneDigitRange({ minLength: null, maxLength: null, pattern: '^(\\+98|0)9[0-9]{9}$' }, false)).toEqual({ min: 6, max: 16 });
    });

    it('refuses letters as characters a phone number cannot have', () => {
      expect(checkFieldValue(phone, '0912-abc-4567')).toEqual({ ok: false, reason: 'phone-characters' });
      expect(checkFieldValue(phone, '09+121234567')).toEqual({ ok: false, reason: 'phone-characters' });
    });

    it('refuses digits too few or too many for a phone number on their length, counting the digits', () => {
      expect(checkFieldValue(phone, '12345')).toEqual({ ok: false, reason: 'phone-length', min: 6, max: 16, digits: 5 });
      expect(checkFieldValue(phone, '+۱۲۳۴۵۶۷۸۹۰۱۲۳۴۵۶۷')).toEqual({ ok: false, reason: 'phone-length', min: 6, max: 16, digits: 17 });
    });
  });

  describe('number', () => {
    const number = field({ type: 'number' });

    it('reads Persian digits and drops thousands separators', () => {
      expect(checkFieldValue(number, '۱۲٬۳۴۵')).toEqual({ ok: true, value: '12345' });
      expect(checkFieldValue(number, '1,234')).toEqual({ ok: true, value: '1234' });
    });

    it('reads the Persian decimal separator', () => {
      expect(checkFieldValue(number, '۱٫۵')).toEqual({ ok: true, value: '1.5' });
    });

    it('refuses text that is not a number', () => {
      expect(checkFieldValue(number, '12a')).toEqual({ ok: false, reason: 'number' });
    });
  });

  describe('length limits', () => {
    it('refuses an answer shorter than the minimum, naming it', () => {
      expect(checkFieldValue(field({ minLength: 5 }), 'abcd')).toEqual({ ok: false, reason: 'too-short', min: 5 });
    });

    it('refuses an answer longer than the maximum, naming it', () => {
      expect(checkFieldValue(field({ maxLength: 3 }), 'abcd')).toEqual({ ok: false, reason: 'too-long', max: 3, rule: 'provider' });
    });

    it('refuses an e-mail address longer than 254 characters, although its form is valid', () => {
      const address = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`;
      expect(address.length).toBeGreaterThan(254);
      expect(checkFieldValue(field({ type: 'email' }), address)).toEqual({ ok: false, reason: 'too-long', max: 254, rule: 'email' });
    });

    it('refuses a 4,092-character e-mail address at once, naming the e-mail rule', () => {
      const address = `${'a'.repeat(4_080)}@example.com`;
      expect(checkFieldValue(field({ type: 'email' }), address)).toEqual({ ok: false, reason: 'too-long', max: 254, rule: 'email' });
    });

    it('caps phone numbers and numbers at 32 characters', () => {
      expect(checkFieldValue(field({ type: 'phone' }), '1 '.repeat(100))).toEqual({ ok: false, reason: 'too-long', max: 32, rule: 'phone' });
      expect(checkFieldValue(field({ type: 'number' }), '9'.repeat(33))).toEqual({ ok: false, reason: 'too-long', max: 32, rule: 'number' });
    });

    it('caps free text at 4,000 characters', () => {
      expect(checkFieldValue(field(), 'x'.repeat(4_000))).toEqual({ ok: true, value: 'x'.repeat(4_000) });
      expect(checkFieldValue(field(), 'x'.repeat(4_001))).toEqual({ ok: false, reason: 'too-long', max: 4_000, rule: 'text' });
    });

    it("keeps our limit when the provider's maxLength is higher", () => {
      expect(checkFieldValue(field({ maxLength: 10_000 }), 'x'.repeat(4_001))).toEqual({ ok: false, reason: 'too-long', max: 4_000, rule: 'text' });
    });

    it('counts characters, not UTF-16 units, so Persian text and emoji count once each', () => {
      expect(checkFieldValue(field({ maxLength: 3 }), 'سلام')).toMatchObject({ ok: false, reason: 'too-long' });
      expect(checkFieldValue(field({ minLength: 2, maxLength: 2 }), '🎁🎁')).toEqual({ ok: true, value: '🎁🎁' });
    });

    it('measures the normalised value: Persian digits of a number count as the digits sent', () => {
      expect(checkFieldValue(field({ type: 'number', minLength: 5, maxLength: 5 }), '۱۲۳۴۵')).toEqual({ ok: true, value: '12345' });
    });
  });

  describe("the provider's pattern", () => {
    it('is enforced on the normalised value', () => {
      const phone = field({ type: 'phone', pattern: '^(\\+98|0)9[0-9]{9}$' });
      expect(checkFieldValue(phone, '۰۹۱۲۱۲۳۴۵۶۷')).toEqual({ ok: true, value: '09121234567' });
      expect(checkFieldValue(phone, '02112345678')).toEqual({ ok: false, reason: 'pattern' });
    });

    it('is enforced when it compiles only without the unicode flag', () => {
      const code = field({ pattern: '^[A-Z]\\-[0-9]$' });
      expect(checkFieldValue(code, 'A-1')).toEqual({ ok: true, value: 'A-1' });
      expect(checkFieldValue(code, 'A1')).toEqual({ ok: false, reason: 'pattern' });
    });

    it('is not enforced when it does not compile at all: the provider still checks', () => {
      expect(checkFieldValue(field({ pattern: '([unclosed' }), 'anything')).toEqual({ ok: true, value: 'anything' });
    });

    it('is not enforced when it needs backtracking features (a lookahead, a backreference)', () => {
      expect(checkFieldValue(field({ pattern: '^(?=.*[0-9]).+$' }), 'letters')).toEqual({ ok: true, value: 'letters' });
      expect(checkFieldValue(field({ pattern: '^(a)\\1$' }), 'ab')).toEqual({ ok: true, value: 'ab' });
    });

    it('runs in linear time: ^(a+)+$ against a long answer returns at once', () => {
      const nested = field({ pattern: '^(a+)+$' });
      const started = performance.now();
      expect(checkFieldValue(nested, `${'a'.repeat(3_999)}!`)).toEqual({ ok: false, reason: 'pattern' });
      expect(checkFieldValue(nested, 'a'.repeat(4_000))).toEqual({ ok: true, value: 'a'.repeat(4_000) });
      // The backtracking engine needs seconds from about 27 letters on, doubling with each one.
      expect(performance.now() - started).toBeLessThan(100);
    });
  });
});

describe('checking a typed quantity', () => {
  it('reads Persian and Arabic-Indic digits', () => {
    expect(checkQuantity('۳', 10)).toEqual({ ok: true, value: 3 });
    expect(checkQuantity(' ١٠ ', 10)).toEqual({ ok: true, value: 10 });
  });

  it('refuses zero, more than the maximum, and anything but digits', () => {
    expect(checkQuantity('0', 10)).toEqual({ ok: false, reason: 'too-small' });
    expect(checkQuantity('11', 10)).toEqual({ ok: false, reason: 'too-large', max: 10 });
    expect(checkQuantity('2.5', 10)).toEqual({ ok: false, reason: 'not-a-number' });
    expect(checkQuantity('-1', 10)).toEqual({ ok: false, reason: 'not-a-number' });
  });
});

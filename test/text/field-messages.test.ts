import { describe, expect, it } from 'vitest';
import { fieldProblemText } from '../../src/orders/field-problem-text.js';
import { checkFieldValue, type FieldCheck, type FieldProblem } from '../../src/orders/field-validation.js';
import type { RequiredField } from '../../src/provider/schemas.js';
import type { Locale, Translate } from '../../src/text/i18n.js';
import { createI18n } from '../support/i18n-plugin.js';

const i18n = createI18n('en');
const translate = (locale: Locale): Translate => (key, variables) => i18n.t(locale, key, variables);

function field(overrides: Partial<RequiredField>): RequiredField {
  return { fieldId: 1, title: 'Answer', type: 'text', required: true, pattern: null, minLength: null, maxLength: null, hint: null, ...overrides };
}

function problemOf(check: FieldCheck): FieldProblem {
  if (check.ok) throw new Error('the answer was accepted');
  return check;
}

const say = (locale: Locale, f: RequiredField, answer: string) => fieldProblemText(problemOf(checkFieldValue(f, answer)), translate(locale));

describe('why an answer was refused, in words', () => {
  it('tells someone who sent five digits for a phone number that it is too short, not that it must be digits', () => {
    const text = say('en', field({ type: 'phone' }), '12345');
    expect(text).toBe('A phone number has 6 to 16 digits; that has 5.');
  });

  it('says the same in Persian with Persian digits and the word for digits', () => {
    expect(say('fa', field({ type: 'phone' }), '12345')).toBe('شمارهٔ تلفن باید ۶ تا ۱۶ رقم داشته باشد؛ این شماره ۵ رقم دارد.');
  });

  it('tells someone who typed letters into a phone number which characters it may have', () => {
    expect(say('en', field({ type: 'phone' }), '0912 abc 4567')).toMatch(/^A phone number has digits only, with an optional \+ at the start/);
  });

  it('explains the shape of an e-mail address when it is not one', () => {
    expect(say('en', field({ type: 'email' }), 'buyer at example.com')).toMatch(/needs a name, an @ and a domain/);
  });

  it('names a pattern failure as the format, in natural Persian', () => {
    expect(say('fa', field({ pattern: '^[0-9]{4}$' }), 'abcd')).toBe('قالب واردشده درست نیست.');
  });
});

describe('counts in messages', () => {
  const t = translate('en');

  it('writes one character and one minute in the singular', () => {
    expect(t('field-too-short', { min: 1 })).toBe('That is too short: at least one character.');
    expect(t('order-expired', { minutes: 1 })).toMatch(/^Your order was cancelled after one minute without activity\./);
  });

  it('writes other counts in the plural', () => {
    expect(t('field-too-long', { max: 40 })).toBe('That is too long: at most 40 characters.');
    expect(t('order-expired', { minutes: 15 })).toMatch(/after 15 minutes without activity/);
  });

  it('writes Persian counts with Persian digits', () => {
    expect(translate('fa')('order-expired', { minutes: 15 })).toContain('۱۵ دقیقه');
  });
});

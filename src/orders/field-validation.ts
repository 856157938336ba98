import { z } from 'zod';
import { compileFieldPattern, matchesFieldPattern } from '../provider/field-pattern.js';
import type { RequiredField, RequiredFieldType } from '../provider/schemas.js';
import { normaliseDigits } from '../text/digits.js';
import { withoutUnsafeCharacters } from '../text/unsafe-characters.js';

export type FieldProblem =
  | { reason: 'empty' }
  | { reason: 'email' }
  /** Something other than digits (and a leading +) is left once spaces, dashes and brackets are dropped. */
  | { reason: 'phone-characters' }
  /** Digits only, but too few or too many of them for a phone number. */
  | { reason: 'phone-length'; min: number; max: number; digits: number }
  | { reason: 'number' }
  | { reason: 'too-short'; min: number }
  /** `rule` names whose limit it is: the provider's own maxLength, or ours for the field's type. */
  | { reason: 'too-long'; max: number; rule: LengthRule }
  | { reason: 'pattern' };

export type LengthRule = 'provider' | RequiredFieldType;

/**
 * The longest answer we take per field type, in characters. An e-mail address
 * cannot be longer than 254 (RFC 5321); phone numbers and numbers have no use
 * for more than 32; free text stops at 4,000, a little under what one Telegram
 * message can carry (the summary shortens long answers for display, the
 * provider gets them whole). The provider's own maxLength applies when lower.
 */
const FIELD_LENGTH_LIMITS: Record<RequiredFieldType, number> = {
  email: 254,
  phone: 32,
  number: 32,
  text: 4_000,
};

/** The limit that applies to a field and whose it is. */
function lengthLimit(field: RequiredField): { max: number; rule: LengthRule } {
  const ours = FIELD_LENGTH_LIMITS[field.type];
  return field.maxLength !== null && field.maxLength >= 0 && field.maxLength <= ours
    ? { max: field.maxLength, rule: 'provider' }
    : { max: ours, rule: field.type };
}

/** The shortest and longest phone numbers taken, in digits (E.164 allows 15; some providers add a trunk 0). */
const PHONE_DIGITS = { min: 6, max: 16 } as const;

/** A provider pattern that only counts digits, like ^\+?[0-9]{10,14}$: its bounds are a phone length rule. */
const DIGIT_COUNT_PATTERN = /^\^(?:\\\+\?)?(?:\[0-9\]|\\d)\{([0-9]{1,2}),([0-9]{1,2})\}\$$/;

/**
 * How many digits a phone answer to this field may have: ours, narrowed by
 * the provider's minLength and maxLength (which count a leading + too) and
 * by a pattern that only counts digits. One range, so the staff member is
 * told the rule that holds instead of ours first and the provider's after.
 * Rules that contradict each other leave ours; the provider checks again.
 */
export function phoneDigitRange(field: Pick<RequiredField, 'minLength' | 'maxLength' | 'pattern'>, withPlus: boolean): { min: number; max: number } {
  const plus = withPlus ? 1 : 0;
  let min: number = PHONE_DIGITS.min;
  let max: number = PHONE_DIGITS.max;
  if (field.minLength !== null) min = Math.max(min, field.minLength - plus);
  if (field.maxLength !== null && field.maxLength >= 0) max = Math.min(max, field.maxLength - plus);
  const counted = field.pattern ? DIGIT_COUNT_PATTERN.exec(field.pattern) : null;
  if (counted) {
    min = Math.max(min, Number(counted[1]));
    max = Math.min(max, Number(counted[2]));
  }
  return min <= max ? { min, max } : { ...PHONE_DIGITS };
}

export type FieldCheck = { ok: true; value: string } | ({ ok: false } & FieldProblem);

const emailSchema = z.email();

/**
 * Checks and normalises one answer for a product's required field, by the
 * field's type, then its length limits and pattern. The value returned is
 * the one sent to the provider. Nothing runs on an answer far above its
 * limit, and the provider's pattern runs on RE2 (linear time) only.
 */
export function checkFieldValue(field: RequiredField, raw: string): FieldCheck {
  const limit = lengthLimit(field);
  // Phone numbers lose spaces and dashes below; twice the limit leaves room for them.
  if (raw.length > limit.max * 2 + 64) return { ok: false, reason: 'too-long', ...limit };
  // Answers are shown to administrators and sent to the provider: nothing in them may reorder or hide the text around them.
  const trimmed = withoutUnsafeCharacters(raw.replace(/\s+/g, ' ')).trim().replace(/\s+/g, ' ');
  if (trimmed === '') return { ok: false, reason: 'empty' };

  let value: string;
  switch (field.type) {
    case 'email': {
      value = trimmed.replace(/\s/g, '').toLowerCase();
      if (!emailSchema.safeParse(value).success) return { ok: false, reason: 'email' };
      break;
    }
    case 'phone': {
      value = normaliseDigits(trimmed).replace(/[\s\-().]/g, '');
      // Which rule failed is what the staff member needs to hear: "12345" has only digits, it is too short.
      if (!/^\+?[0-9]+$/.test(value)) return { ok: false, reason: 'phone-characters' };
      const digits = value.replace('+', '').length;
      const range = phoneDigitRange(field, value.startsWith('+'));
      if (digits < range.min || digits > range.max) return { ok: false, reason: 'phone-length', ...range, digits };
      break;
    }
    case 'number': {
      value = normaliseDigits(trimmed).replace(/[,٬\s]/g, '').replace('٫', '.');
      if (!/^-?[0-9]+(\.[0-9]+)?$/.test(value)) return { ok: false, reason: 'number' };
      break;
    }
    default:
      value = trimmed;
  }

  const length = [...value].length;
  if (field.minLength !== null && length < field.minLength) return { ok: false, reason: 'too-short', min: field.minLength };
  if (length > limit.max) return { ok: false, reason: 'too-long', ...limit };
  // A pattern RE2 cannot compile is not enforced here (the provider checks the value again); the client logs it.
  const pattern = compileFieldPattern(field.pattern);
  if (pattern.kind === 'ok' && !matchesFieldPattern(pattern.regex, value)) return { ok: false, reason: 'pattern' };
  return { ok: true, value };
}

type QuantityCheck =
  | { ok: true; value: number }
  | { ok: false; reason: 'not-a-number' | 'too-small' }
  | { ok: false; reason: 'too-large'; max: number };

/** A typed quantity (Persian or Arabic digits welcome) against the largest orderable number. */
export function checkQuantity(raw: string, max: number): QuantityCheck {
  const text = normaliseDigits(raw.trim());
  if (!/^[0-9]{1,6}$/.test(text)) return { ok: false, reason: 'not-a-number' };
  const value = Number(text);
  if (value < 1) return { ok: false, reason: 'too-small' };
  if (value > max) return { ok: false, reason: 'too-large', max };
  return { ok: true, value };
}

import { z } from 'zod';
import type { RequiredField } from '../provider/schemas.js';
import { normaliseDigits } from '../text/digits.js';

export type FieldProblem =
  | { reason: 'empty' }
  | { reason: 'email' }
  | { reason: 'phone' }
  | { reason: 'number' }
  | { reason: 'too-short'; min: number }
  | { reason: 'too-long'; max: number }
  | { reason: 'pattern' };

export type FieldCheck = { ok: true; value: string } | ({ ok: false } & FieldProblem);

const emailSchema = z.email();

/**
 * Checks and normalises one answer for a product's required field, by the
 * field's type, then its length limits and pattern. The value returned is
 * the one sent to the provider.
 */
export function checkFieldValue(field: RequiredField, raw: string): FieldCheck {
  const trimmed = raw.trim().replace(/\s+/g, ' ');
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
      if (!/^\+?[0-9]{6,16}$/.test(value)) return { ok: false, reason: 'phone' };
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
  if (field.maxLength !== null && length > field.maxLength) return { ok: false, reason: 'too-long', max: field.maxLength };
  const pattern = compilePattern(field.pattern);
  if (pattern && !pattern.test(value)) return { ok: false, reason: 'pattern' };
  return { ok: true, value };
}

const compiled = new Map<string, RegExp | null>();

/** The provider's pattern as a RegExp; a pattern that does not compile is not enforced (the provider still checks). */
function compilePattern(pattern: string | null): RegExp | null {
  if (!pattern) return null;
  if (!compiled.has(pattern)) {
    let regex: RegExp | null = null;
    try {
      regex = new RegExp(pattern, 'u');
    } catch {
      try {
        regex = new RegExp(pattern);
      } catch {
        regex = null;
      }
    }
    compiled.set(pattern, regex);
  }
  return compiled.get(pattern) ?? null;
}

export type QuantityCheck =
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

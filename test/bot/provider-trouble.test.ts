import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../src/text/i18n.js';
import { classifyTrouble, troubleMessage } from '../../src/bot/provider-trouble.js';
import {
  ProviderConflictError,
  ProviderOrderMismatchError,
  ProviderPausedError,
  ProviderRateLimitedError,
  ProviderRejectedError,
} from '../../src/provider/errors.js';

const en = translatorFor('en');
const fa = translatorFor('fa');
const where = { method: 'GET', path: '/products/101' };

describe('provider trouble in words', () => {
  it('words a read answered 422 as the provider’s refusal, with its message', () => {
    const error = new ProviderRejectedError({ ...where, message: 'x', status: 422, providerMessage: 'محصول غیرفعال است' });
    expect(classifyTrouble(error)).toBe('refused');
    const text = troubleMessage(en, 'refused', { error, locale: 'en' });
    expect(text).toBe('The provider refused this request. The provider said: “محصول غیرفعال است”');
    expect(text).not.toMatch(/our side/);
  });

  it('words a read answered 409 without a message as a refusal too', () => {
    const error = new ProviderConflictError({ ...where, message: 'x', status: 409 });
    expect(classifyTrouble(error)).toBe('refused');
    expect(troubleMessage(en, 'refused', { error, locale: 'en' })).toMatch(/refused this request without saying why/);
  });

  it('says until when the provider asked us to wait, in the reader’s digits', () => {
    const resumeAt = Date.UTC(2026, 10, 21, 14, 5);
    const error = new ProviderPausedError({ ...where, message: 'x', resumeAt, nowMs: resumeAt - 10 * 60_000 });
    expect(classifyTrouble(error)).toBe('waiting');
    expect(troubleMessage(en, 'waiting', { error, locale: 'en' })).toMatch(/wait until 14:05 UTC \(about 10 min\)/);
    expect(troubleMessage(fa, 'waiting', { error, locale: 'fa' })).toContain('۱۴:۰۵');
  });

  it('keeps a short 429 as a rate limit being retried', () => {
    const error = new ProviderRateLimitedError({ ...where, message: 'x', status: 429, retryAfterMs: 1_000 });
    expect(classifyTrouble(error)).toBe('rate-limited');
  });

  it('never shows anything of another order’s detail', () => {
    const error = new ProviderOrderMismatchError({
      ...where,
      message: 'x',
      asked: { orderId: 9001, orderReference: 'A1' },
      answered: { orderId: 9002, orderReference: 'A2' },
    });
    expect(classifyTrouble(error)).toBe('mismatch');
    expect(troubleMessage(en, 'mismatch', { error, locale: 'en' })).toMatch(/different order, so nothing is shown/);
  });
});

import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../src/text/i18n.js';
import { classifyTrouble, troubleMessage } from '../../src/bot/provider-trouble.js';
import {
  ProviderConflictError,
  ProviderNotFoundError,
  ProviderOrderMismatchError,
  ProviderPausedError,
  ProviderRateLimitedError,
  ProviderRejectedError,
} from '../../src/provider/errors.js';

const en = translatorFor('en');
const fa = translatorFor('fa');
const where = { method: 'GET', path: '/products/101' };
const ZONE = 'Asia/Tehran';

describe('provider trouble in words', () => {
  it('words a read answered 422 as the provider’s refusal, with its message', () => {
    const error = new ProviderRejectedError({ ...where, message: 'x', status: 422, providerMessage: 'محصول غیرفعال است' });
    expect(classifyTrouble(error)).toBe('refused');
    const text = troubleMessage(en, 'refused', { error, locale: 'en', timeZone: ZONE });
    expect(text).toBe('The provider refused this request. The provider said: “محصول غیرفعال است”');
    expect(text).not.toMatch(/our side/);
  });

  it('words a read answered 409 without a message as a refusal too', () => {
    const error = new ProviderConflictError({ ...where, message: 'x', status: 409 });
    expect(classifyTrouble(error)).toBe('refused');
    expect(troubleMessage(en, 'refused', { error, locale: 'en', timeZone: ZONE })).toMatch(/refused this request without saying why/);
  });

  it('says until when the provider asked us to wait, in the configured zone and the reader’s digits', () => {
    const resumeAt = Date.UTC(2026, 10, 21, 14, 5);
    const error = new ProviderPausedError({ ...where, message: 'x', resumeAt, nowMs: resumeAt - 10 * 60_000 });
    expect(classifyTrouble(error)).toBe('waiting');
    // 14:05 UTC is 17:35 in Tehran.
    expect(troubleMessage(en, 'waiting', { error, locale: 'en', timeZone: ZONE })).toMatch(/wait until 17:35 \(Iran Standard Time\), about 10 min\./);
    const persian = troubleMessage(fa, 'waiting', { error, locale: 'fa', timeZone: ZONE });
    expect(persian).toContain('تا ساعت ۱۷:۳۵ (وقت عادی ایران)');
    expect(persian).toContain('حدود ۱۰ دقیقهٔ دیگر');
    expect(persian).not.toMatch(/UTC|[0-9]/);
  });

  it('says the time of the wait in whatever zone is configured', () => {
    const resumeAt = Date.UTC(2026, 10, 21, 23, 50);
    const error = new ProviderPausedError({ ...where, message: 'x', resumeAt, nowMs: resumeAt - 10 * 60_000 });
    // Past midnight in Tehran, the day before in New York: only the hour and minute are said.
    expect(troubleMessage(en, 'waiting', { error, locale: 'en', timeZone: 'America/New_York' })).toMatch(/wait until 18:50 \(Eastern Standard Time\)/);
    expect(troubleMessage(fa, 'waiting', { error, locale: 'fa', timeZone: ZONE })).toContain('۰۳:۲۰');
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
    expect(troubleMessage(en, 'mismatch', { error, locale: 'en', timeZone: ZONE })).toMatch(/different order, so nothing is shown/);
  });

  it('words a 404 as something the provider does not know, never as a provider that is not answering', () => {
    const error = new ProviderNotFoundError({ ...where, message: 'x', status: 404 });
    expect(classifyTrouble(error)).toBe('not-found');
    for (const t of [en, fa]) expect(troubleMessage(t, 'not-found', { error, locale: 'en', timeZone: ZONE })).not.toBe(t('provider-unavailable'));
    expect(troubleMessage(en, 'not-found', { error, locale: 'en', timeZone: ZONE })).toMatch(/does not know what was asked for/);
  });
});

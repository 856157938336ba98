import { describe, expect, it } from 'vitest';
import { createLocaleOf } from '../../src/bot/person-locale.js';

function localeOf(stored: { staff?: 'en' | 'fa' | null; app?: string | null }) {
  return createLocaleOf({
    staff: { find: () => ({ locale: stored.staff ?? null }) },
    people: { find: () => (stored.app === undefined ? null : { languageCode: stored.app }) },
    defaultLocale: 'en',
  })(7);
}

describe('the language to write to a person outside an update', () => {
  it('is the one they chose with /language', () => {
    expect(localeOf({ staff: 'en', app: 'fa' })).toBe('en');
  });

  it('is their Telegram app’s language when they never chose one', () => {
    expect(localeOf({ app: 'fa-IR' })).toBe('fa');
  });

  it('is the default when neither is known or the app speaks another language', () => {
    expect(localeOf({})).toBe('en');
    expect(localeOf({ app: 'de' })).toBe('en');
  });
});

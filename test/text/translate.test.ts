import { describe, expect, it } from 'vitest';
import { createI18n, LOCALES, readFluentSources, rightToLeftLines, translatorFor } from '../../src/text/i18n.js';
import { messageVariables } from './fluent-variables.js';

/** Every message of a language with the variables it uses, each given the same sample value. */
function messagesOf(locale: (typeof LOCALES)[number]): { key: string; variables: Record<string, number> }[] {
  return readFluentSources(locale).flatMap((file) =>
    [...messageVariables(file.source)]
      .filter(([key]) => !key.startsWith('-'))
      .map(([key, names]) => ({ key, variables: Object.fromEntries(names.map((name) => [name, 3])) })),
  );
}

describe('a translate function bound to a language', () => {
  const i18n = createI18n('en');

  it.each(LOCALES)('formats every %s message exactly as the i18n plugin does, Persian lines laid out right to left', (locale) => {
    const translate = translatorFor(locale);
    const messages = messagesOf(locale);
    expect(messages.length).toBeGreaterThan(100);
    const laidOut = locale === 'fa' ? rightToLeftLines : (text: string) => text;
    for (const { key, variables } of messages) expect(translate(key, variables), key).toBe(laidOut(i18n.t(locale, key, variables)));
  });

  it('shows the key of a message that exists in no language', () => {
    expect(translatorFor('fa')('no-such-message')).toBe('no-such-message');
  });
});

describe('Persian lines that open with a Latin name', () => {
  const RLM = '\u200F';

  it('are marked right to left, each line on its own, and lines that open in Persian are left alone', () => {
    expect(rightToLeftLines('Google Play 10 USD × ۲')).toBe(`${RLM}Google Play 10 USD × ۲`);
    expect(rightToLeftLines('۱. Google Play 10 USD (US) × ۲\n۲. گیفت کارت اپل × ۱')).toBe(`${RLM}۱. Google Play 10 USD (US) × ۲\n۲. گیفت کارت اپل × ۱`);
    expect(rightToLeftLines('سفارش A100234 تحویل شد')).toBe('سفارش A100234 تحویل شد');
    expect(rightToLeftLines('۱۲۳')).toBe('۱۲۳');
    expect(rightToLeftLines(`${RLM}Ada`)).toBe(`${RLM}Ada`);
    // A command that opens a line stays first, so that Telegram still makes it tappable.
    expect(rightToLeftLines('/approvals threshold <مبلغ>')).toBe('/approvals threshold <مبلغ>');
  });

  it('reach a Persian reader through the bound translator, and an English reader never', () => {
    expect(translatorFor('fa')('approval-staff-approved', { person: 'Ada', order: 'x' }).startsWith(RLM)).toBe(true);
    expect(translatorFor('en')('approval-staff-approved', { person: 'Ada', order: 'x' }).includes(RLM)).toBe(false);
    expect(translatorFor('fa')('cart-removed', { product: 'Free Fire 520 Diamonds' })).toMatch(/^\u200FFree Fire 520 Diamonds /);
  });
});

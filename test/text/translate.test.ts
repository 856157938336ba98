import { describe, expect, it } from 'vitest';
import { LOCALES, readFluentSources, translatorFor } from '../../src/text/i18n.js';
import { createI18n } from '../support/i18n-plugin.js';
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

  it.each(LOCALES)('formats every %s message exactly as the i18n plugin does', (locale) => {
    const translate = translatorFor(locale);
    const messages = messagesOf(locale);
    expect(messages.length).toBeGreaterThan(100);
    for (const { key, variables } of messages) expect(translate(key, variables), key).toBe(i18n.t(locale, key, variables));
  });

  it('shows the key of a message that exists in no language', () => {
    expect(translatorFor('fa')('no-such-message')).toBe('no-such-message');
  });
});

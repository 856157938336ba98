import { describe, expect, it } from 'vitest';
import type { Person } from '../../src/db/people-store.js';
import { createDescribePerson, personLabel } from '../../src/bot/describe-person.js';

const person = (over: Partial<Person>): Person => ({
  telegramId: 1,
  firstName: 'Ada',
  lastName: null,
  username: null,
  languageCode: null,
  updatedAt: new Date(0),
  ...over,
});

describe('describePerson', () => {
  it('shows name and @username', () => {
    expect(personLabel(person({ lastName: 'Lovelace', username: 'ada' }))).toBe('Ada Lovelace (@ada)');
  });

  it('shows the numeric ID of someone never seen', () => {
    const describe = createDescribePerson({ find: () => null });
    expect(describe(424242)).toBe('424242');
  });

  it('shows the @username alone when the name has nothing printable, and the ID when neither has', () => {
    expect(personLabel(person({ firstName: '\u202E\n', username: 'ada' }))).toBe('@ada');
    const describe = createDescribePerson({ find: () => person({ firstName: '\u0007' }) });
    expect(describe(7)).toBe('7');
  });

  it('cuts a long name and drops line breaks and direction overrides, keeping Persian joiners', () => {
    const label = personLabel(person({ firstName: `${'x'.repeat(100)}\n\u202Eevil`, username: 'a'.repeat(40) }));
    expect(label).not.toMatch(/[\n\u202E]/);
    expect([...(label ?? '')].length).toBeLessThanOrEqual(40 + 32 + 4);
    expect(label).toContain('…');
    expect(personLabel(person({ firstName: 'سارا', lastName: 'می‌رزایی' }))).toBe('سارا می‌رزایی');
  });

  it('drops direction marks, invisible format characters and separators from names shown to administrators', () => {
    const label = personLabel(person({ firstName: 'Sa\u200Fra\u061C\u200E\u2028Boss\u200B\uFEFF\u2067', lastName: 'می\u200Cرزا' }));
    expect(label).toBe('Sara Boss می\u200Cرزا');
  });

  it('keeps a name from posing as someone else’s @username', () => {
    const real = personLabel(person({ firstName: 'Sara', username: 'sara_admin' }));
    const posing = personLabel(person({ firstName: 'Sara (@sara_admin)', username: null }));
    expect(posing).not.toBe(real);
    expect(posing).not.toContain('@');
  });
});

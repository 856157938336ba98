import { describe, expect, it } from 'vitest';
import { FEED_NOTE_LENGTH, purposeEnding } from '../../src/reports/purpose-words.js';
import { translatorFor } from '../../src/text/i18n.js';

const en = translatorFor('en');
const fa = translatorFor('fa');

describe("what an order was for, at the end of the feed's line", () => {
  it('names the cost centre with its code, and the note', () => {
    expect(purposeEnding(en, { centre: { name: 'Support team', code: 'SUP-01' }, note: 'Nowruz gifts' })).toBe('— for Support team (SUP-01): Nowruz gifts');
    expect(purposeEnding(en, { centre: { name: 'Marketing', code: null }, note: null })).toBe('— for Marketing');
    expect(purposeEnding(en, { centre: null, note: 'Team lunch' })).toBe('— for: Team lunch');
    expect(purposeEnding(fa, { centre: { name: 'بازاریابی', code: null }, note: 'هدیهٔ نوروز' })).toBe('— برای بازاریابی: هدیهٔ نوروز');
  });

  it('says nothing of an order that names neither, so that its line reads as before', () => {
    expect(purposeEnding(en, { centre: null, note: null })).toBeNull();
    expect(purposeEnding(en, { centre: null, note: '   ' })).toBeNull();
  });

  it('shortens a long note to one line, and keeps nothing that would reorder or break the line', () => {
    const long = 'x'.repeat(200);
    const ending = purposeEnding(en, { centre: null, note: long })!;
    expect(ending).toBe(`— for: ${'x'.repeat(FEED_NOTE_LENGTH - 1)}…`);
    expect(purposeEnding(en, { centre: null, note: 'a\u202Eb\nc\u2028d' })).toBe('— for: ab c d');
  });
});

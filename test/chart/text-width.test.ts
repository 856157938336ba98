import { describe, expect, it } from 'vitest';
import { contextualForms } from '../../src/chart/arabic-forms.js';
import { textWidth } from '../../src/chart/text-width.js';

const codes = (text: string) => [...text].map((char) => char.codePointAt(0)!.toString(16));

describe('measuring chart text', () => {
  it('gives Persian letters the form they take beside their neighbours', () => {
    // beh: initial then final; alef joins only the letter before it, so the beh after it starts afresh.
    expect(codes(contextualForms('بب'))).toEqual(['fe91', 'fe90']);
    expect(codes(contextualForms('باب'))).toEqual(['fe91', 'fe8e', 'fe8f']);
    // Persian yeh and keheh, from the other presentation block: medial between two joining letters.
    expect(codes(contextualForms('کیک'))).toEqual(['fb90', 'fbff', 'fb8f']);
    // A zero-width non-joiner parts the letters; a mark (hamza above) does not.
    expect(codes(contextualForms('ب\u200cب'))).toEqual(['fe8f', '200c', 'fe8f']);
    expect(codes(contextualForms('بٔب'))).toEqual(['fe91', '654', 'fe90']);
    expect(contextualForms('John 12')).toBe('John 12');
  });

  it('measures joined Persian narrower than its letters apart, and draws no width for direction marks', () => {
    const word = 'بیستمین';
    const apart = [...word].reduce((sum, letter) => sum + textWidth(letter, 20), 0);
    expect(textWidth(word, 20)).toBeLessThan(apart * 0.75);
    expect(textWidth('\u2068علی\u2069', 20)).toBeCloseTo(textWidth('علی', 20), 6);
    expect(textWidth('علی رضایی', 20)).toBeGreaterThan(60);
    expect(textWidth('علی رضایی', 20)).toBeLessThan(110);
    expect(textWidth('Spend', 20, true)).toBeGreaterThan(textWidth('Spend', 20));
  });
});

import { describe, expect, it } from 'vitest';
import { latin1Only } from '../../src/ops/bundle.js';

/** Evaluates a JavaScript expression as written in a file of the bundle. */
const evaluate = (code: string): unknown => new Function(`return ${code};`)();

describe('the bundle written in Latin-1 only', () => {
  it('escapes what is past Latin-1 in regular expressions, strings and comments, meaning the same', () => {
    const written = [
      String.raw`/[۰-۹٠-٩]/g`,
      String.raw`/^([\w.-]+): (.*) → (.*)$/u`,
      String.raw`/\۰/`,
      String.raw`/\\۰/`,
      `'👍 é'`,
      `/* ['👍', '🎉'] */ 'ok'`,
    ];
    const samples = ['۰', '٩', 'a: b → c', '\\۰', '7', '👍'];
    for (const code of written) {
      const escaped = latin1Only(code);
      expect(escaped).toMatch(/^[\0-\xff]*$/);
      const before = evaluate(code);
      const after = evaluate(escaped);
      if (before instanceof RegExp && after instanceof RegExp) {
        expect(samples.map((text) => after.test(text))).toEqual(samples.map((text) => before.test(text)));
      } else {
        expect(after).toBe(before);
      }
    }
  });

  it('leaves Latin-1 as it is', () => {
    const code = "const price = '€ é ñ'; // Ünïcode within Latin-1";
    expect(latin1Only(code.replace('€', 'E'))).toBe(code.replace('€', 'E'));
    expect(latin1Only(code)).toBe(code.replace('€', '\\u20ac'));
  });
});

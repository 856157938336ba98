import { describe, expect, it } from 'vitest';
import { expectAbsent } from '../e2e/order-steps.js';

/** The leak check every code-handling test leans on: it must catch a leak, and not cry wolf at a year that equals a PIN. */
describe('expectAbsent', () => {
  const code = 'AB12-CD34-EF56';
  it('finds a code anywhere, and a PIN standing as a word of its own, in text and in bytes', () => {
    expect(() => expectAbsent(`order A1 sent: code${code}x`, [code], 'order A1')).toThrow(/1 secret/);
    expect(() => expectAbsent('order A1: PIN 4821, done', ['4821'], 'order A1')).toThrow(/1 secret/);
    expect(() => expectAbsent('{"order":"A1","pin":"4821"}', ['4821'], 'A1')).toThrow(/1 secret/);
    expect(() => expectAbsent(Buffer.from('order A1\npin;4821\n'), ['4821'], 'order A1')).toThrow(/1 secret/);
  });

  it('does not take a PIN inside a longer number (a year, an amount, an id) for a leak', () => {
    expect(() => expectAbsent('order A1 placed on 3 December 20261, 148210 IRR', ['2026', '4821'], 'order A1')).not.toThrow();
  });

  it('says where a secret was found with every secret masked, so that a chance match can be told from a leak without showing it', () => {
    const failure = (() => {
      try {
        expectAbsent(`{"msg":"sent","pid":4821,"order":"A1","code":"${code}"}`, [code, '4821'], 'A1');
      } catch (error) {
        return String(error);
      }
      return 'no failure';
    })();
    expect(failure).toMatch(/2 secret\(s\) found/);
    expect(failure).toContain('\\"pid\\":####,');
    expect(failure).toContain('##############');
    expect(failure).not.toContain('4821');
    expect(failure).not.toContain(code);
  });

  it('fails on output without what must be there, so that an empty log is never clean', () => {
    expect(() => expectAbsent('', [code], 'order A1')).toThrow(/expected to find/);
  });
});

import { describe, expect, it } from 'vitest';
import { parseLimitsCommand } from '../../src/bot/limits-input.js';

describe('the /limits command line', () => {
  it('sets a team default from an amount with separators', () => {
    expect(parseLimitsCommand('default day 10,000,000')).toEqual({ kind: 'set', target: { kind: 'default' }, rule: 'day', value: 10_000_000 });
  });

  it('sets a person’s own value from Persian digits', () => {
    expect(parseLimitsCommand('2002 order ۲٬۰۰۰٬۰۰۰')).toEqual({ kind: 'set', target: { kind: 'id', id: 2002 }, rule: 'order', value: 2_000_000 });
  });

  it('reads "off" as no limit and "default" as back to the team default', () => {
    expect(parseLimitsCommand('2002 month off')).toMatchObject({ value: null });
    expect(parseLimitsCommand('2002 day default')).toMatchObject({ kind: 'set', value: undefined });
  });

  it('keeps a @username for lookup', () => {
    expect(parseLimitsCommand('@sam_k approval 5000000')).toMatchObject({ target: { kind: 'username', username: 'sam_k' } });
  });

  it('refuses "default" as the value of a team default', () => {
    expect(parseLimitsCommand('default day default')).toEqual({ kind: 'bad-amount', value: 'default', defaultAllowed: false });
  });

  it('names the word it could not read', () => {
    expect(parseLimitsCommand('2002 week 100')).toEqual({ kind: 'bad-kind', value: 'week' });
    expect(parseLimitsCommand('2002 day 1.5')).toMatchObject({ kind: 'bad-amount', value: '1.5' });
    expect(parseLimitsCommand('sam day 100')).toEqual({ kind: 'bad-person', value: 'sam' });
  });

  it('shows one person for an id alone, and the usage for a kind without a value or extra words', () => {
    expect(parseLimitsCommand('2002')).toEqual({ kind: 'show', target: { kind: 'id', id: 2002 } });
    expect(parseLimitsCommand('2002 day')).toEqual({ kind: 'usage' });
    expect(parseLimitsCommand('2002 day 100 200')).toEqual({ kind: 'usage' });
  });
});

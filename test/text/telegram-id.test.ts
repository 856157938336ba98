import { describe, expect, it } from 'vitest';
import { isGroupChat, parseTelegramUserId } from '../../src/text/telegram-id.js';

describe('parseTelegramUserId', () => {
  it('reads ASCII, Persian and Arabic-Indic digits alike', () => {
    expect(parseTelegramUserId('2002')).toBe(2002);
    expect(parseTelegramUserId('۲۰۰۲')).toBe(2002);
    expect(parseTelegramUserId('٢٠٠٢')).toBe(2002);
  });

  it('refuses an ID that Number() would round to another person', () => {
    expect(parseTelegramUserId('9007199254740993')).toBeNull();
    expect(parseTelegramUserId('9007199254740991')).toBe(9007199254740991);
  });

  it('refuses what is not a positive whole number', () => {
    for (const text of ['', '0', '-5', '12a', '1e5', '0123', '1.5']) expect(parseTelegramUserId(text)).toBeNull();
  });
});

describe('isGroupChat', () => {
  it('tells a group (negative id) from a private chat (the person\'s positive id)', () => {
    expect(isGroupChat(-1001234567890)).toBe(true);
    expect(isGroupChat(-42)).toBe(true);
    expect(isGroupChat(2002)).toBe(false);
  });
});

import { InlineKeyboard } from 'grammy';
import { describe, expect, it } from 'vitest';
import { tidyKeyboard } from '../../src/bot/send.js';

describe('a keyboard on its way to Telegram', () => {
  it('loses the empty row a trailing .row() leaves', () => {
    const keyboard = new InlineKeyboard().text('Show codes', 'oc:1').row().text('Refresh', 'ot:1:r').row();
    expect(tidyKeyboard(keyboard)?.inline_keyboard.map((row) => row.map((b) => b.text))).toEqual([['Show codes'], ['Refresh']]);
  });

  it('is left out altogether when it has no buttons', () => {
    expect(tidyKeyboard(new InlineKeyboard().row())).toBeUndefined();
  });
});

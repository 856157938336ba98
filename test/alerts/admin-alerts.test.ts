import { describe, expect, it } from 'vitest';
import { createAdminAlerts } from '../../src/alerts/admin-alerts.js';
import { silentLogger } from '../../src/logger.js';
import { createManualClock } from '../support/manual-clock.js';

function setup(failing: Set<number>) {
  const clock = createManualClock(0);
  const sent: [number, string][] = [];
  const alerts = createAdminAlerts({
    recipients: () => [
      { telegramId: 1, locale: 'en' },
      { telegramId: 2, locale: 'fa' },
    ],
    sendText: async (chatId, text) => {
      if (failing.has(chatId)) throw new Error('network down');
      sent.push([chatId, text]);
    },
    clock,
    logger: silentLogger,
  });
  return { clock, sent, alerts };
}

describe('administrator alerts', () => {
  it('tells every administrator in their own language', async () => {
    const { sent, alerts } = setup(new Set());
    await alerts.alert('k', (locale) => `hello ${locale}`);
    expect(sent).toEqual([
      [1, 'hello en'],
      [2, 'hello fa'],
    ]);
  });

  it('stays quiet about the same key until the quiet time has passed', async () => {
    const { clock, sent, alerts } = setup(new Set());
    await alerts.alert('k', () => 'x', { quietMs: 1000 });
    await alerts.alert('k', () => 'x', { quietMs: 1000 });
    expect(sent).toHaveLength(2);
    clock.advance(1000);
    await alerts.alert('k', () => 'x', { quietMs: 1000 });
    expect(sent).toHaveLength(4);
  });

  it('sends once when the same alert is raised twice at once, and a key of its own still goes', async () => {
    const { sent, alerts } = setup(new Set());
    // Two reads refused together (the summary reads the balance and the product at once) raise the same alert together.
    await Promise.all([alerts.alert('k', () => 'x'), alerts.alert('k', () => 'x'), alerts.alert('other', () => 'y')]);
    expect(sent).toEqual([
      [1, 'x'],
      [1, 'y'],
      [2, 'x'],
      [2, 'y'],
    ]);
  });

  it('tries again next time when no administrator could be reached', async () => {
    const failing = new Set([1, 2]);
    const { sent, alerts } = setup(failing);
    await alerts.alert('k', () => 'x');
    failing.clear();
    await alerts.alert('k', () => 'x');
    expect(sent).toHaveLength(2);
  });

  it('keeps going when one administrator cannot be reached', async () => {
    const { sent, alerts } = setup(new Set([1]));
    await expect(alerts.alert('k', () => 'x')).resolves.toBeUndefined();
    expect(sent).toEqual([[2, 'x']]);
  });
});

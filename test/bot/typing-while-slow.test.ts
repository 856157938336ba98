import { describe, expect, it } from 'vitest';
import { createTypingWhileSlow } from '../../src/bot/typing-while-slow.js';
import { silentLogger } from '../../src/logger.js';
import { createManualClock } from '../support/manual-clock.js';

const START = 1_700_000_000_000;
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function world() {
  const clock = createManualClock(START);
  const shown: [number, number][] = [];
  const typingWhileSlow = createTypingWhileSlow({
    sendTyping: async (chatId) => void shown.push([chatId, clock.now() - START]),
    clock,
    logger: silentLogger,
  });
  /** A wait that ends when the test says so. */
  const pending = () => {
    let end: (value: string) => void = () => {};
    const promise = new Promise<string>((resolve) => (end = resolve));
    return { promise, end };
  };
  return { clock, shown, typingWhileSlow, pending };
}

describe('typing while a step waits on the provider', () => {
  it('shows nothing for a wait shorter than 400 ms, and nothing after it ended', async () => {
    const { clock, shown, typingWhileSlow, pending } = world();
    const read = pending();
    const result = typingWhileSlow(42, () => read.promise);
    clock.advance(399);
    read.end('product');
    expect(await result).toBe('product');
    clock.advance(10_000);
    await flush();
    expect(shown).toEqual([]);
    expect(clock.pendingSleeps()).toBe(0);
  });

  it('shows typing at 400 ms and renews it every 4 s until the wait ends', async () => {
    const { clock, shown, typingWhileSlow, pending } = world();
    const read = pending();
    const result = typingWhileSlow(42, () => read.promise);
    for (let elapsed = 0; elapsed < 9_000; elapsed += 100) {
      clock.advance(100);
      await flush();
    }
    read.end('quote');
    await result;
    clock.advance(10_000);
    await flush();
    expect(shown).toEqual([
      [42, 400],
      [42, 4_400],
      [42, 8_400],
    ]);
  });

  it('passes on what the wait throws, and stops showing typing', async () => {
    const { clock, shown, typingWhileSlow } = world();
    const result = typingWhileSlow(42, () => Promise.reject(new Error('provider down')));
    await expect(result).rejects.toThrow('provider down');
    clock.advance(1_000);
    await flush();
    expect(shown).toEqual([]);
  });

  it('keeps the wait going when Telegram refuses the indicator', async () => {
    const clock = createManualClock(START);
    const typingWhileSlow = createTypingWhileSlow({ sendTyping: () => Promise.reject(new Error('403: bot was blocked')), clock, logger: silentLogger });
    let end: (value: string) => void = () => {};
    const result = typingWhileSlow(42, () => new Promise<string>((resolve) => (end = resolve)));
    clock.advance(500);
    await flush();
    end('detail');
    expect(await result).toBe('detail');
  });
});

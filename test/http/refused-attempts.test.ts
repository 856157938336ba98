import { describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock.js';
import { createRefusedAttempts } from '../../src/http/refused-attempts.js';
import { createLogger } from '../../src/logger.js';

/** Time moves only when the test says so; sleeping resolves at once, recording how long was asked. */
function manualClock() {
  let now = 1_000_000;
  const slept: number[] = [];
  const clock: Clock = { now: () => now, sleep: async (ms) => void slept.push(ms) };
  return { clock, slept, advance: (ms: number) => void (now += ms) };
}

describe('refused webhook attempts', () => {
  function world() {
    const lines: Array<{ msg: string; refused?: number }> = [];
    const logger = createLogger({ level: 'debug', destination: { write: (line: string) => void lines.push(JSON.parse(line)) } });
    const time = manualClock();
    let counted = 0;
    const attempts = createRefusedAttempts({ clock: time.clock, logger, delayMs: 1_000, onRefused: () => void (counted += 1) });
    return { attempts, lines, time, counted: () => counted };
  }

  it('writes at most one line a minute, summing up the attempts since the last one', async () => {
    const { attempts, lines, time, counted } = world();
    for (let i = 0; i < 50; i += 1) {
      await attempts.refuse('203.0.113.9');
      time.advance(1_000);
    }
    // The first at once, then one line covering the next 59 seconds' attempts once the minute is up.
    expect(lines.map((line) => line.refused)).toEqual([1]);
    time.advance(10_000);
    await attempts.refuse('203.0.113.9');
    expect(lines.map((line) => line.refused)).toEqual([1, 50]);
    expect(counted()).toBe(51);
    attempts.flush();
    expect(lines).toHaveLength(2);
    await attempts.refuse(null);
    attempts.flush();
    expect(lines.map((line) => line.refused)).toEqual([1, 50, 1]);
  });

  it('delays each refusal', async () => {
    const { attempts, time } = world();
    await attempts.refuse(null);
    await attempts.refuse(null);
    expect(time.slept).toEqual([1_000, 1_000]);
  });

  it('refuses at once once many are already waiting, so that a flood cannot hold our sockets', async () => {
    const logger = createLogger({ level: 'silent' });
    const releases: Array<() => void> = [];
    const clock: Clock = { now: () => 0, sleep: () => new Promise<void>((resolve) => releases.push(resolve)) };
    const attempts = createRefusedAttempts({ clock, logger, delayMs: 1_000 });
    const waiting = Array.from({ length: 64 }, () => attempts.refuse(null));
    expect(releases).toHaveLength(64);
    await attempts.refuse(null);
    expect(releases).toHaveLength(64);
    for (const release of releases) release();
    await Promise.all(waiting);
  });
});

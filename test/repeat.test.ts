import { describe, expect, it } from 'vitest';
import { silentLogger } from '../src/logger.js';
import { startRepeating } from '../src/repeat.js';
import { createManualClock } from './support/manual-clock.js';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('a loop whose first run waits for the start to take updates', () => {
  it('runs at once when the awaited moment comes, not before', async () => {
    const clock = createManualClock(0);
    let runs = 0;
    let takingUpdates!: () => void;
    const firstRunAfter = new Promise<void>((resolve) => {
      takingUpdates = resolve;
    });
    const loop = startRepeating({ name: 'test', everyMs: 60_000, task: () => void runs++, clock, logger: silentLogger, immediately: true, firstRunAfter });
    await turn();
    expect(runs).toBe(0);
    takingUpdates();
    await turn();
    expect(runs).toBe(1);
    await loop.stop();
  });

  it('stops without a run when stopped while it waits', async () => {
    const clock = createManualClock(0);
    let runs = 0;
    const loop = startRepeating({ name: 'test', everyMs: 60_000, task: () => void runs++, clock, logger: silentLogger, immediately: true, firstRunAfter: new Promise(() => undefined) });
    await loop.stop();
    expect(runs).toBe(0);
  });
});

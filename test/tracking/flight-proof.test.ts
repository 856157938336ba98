import { describe, expect, it } from 'vitest';
import { createAppStateStore } from '../../src/db/app-state-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import {
  combineSamples,
  createdInFlight,
  currentOffset,
  OFFSET_MAX_AGE_MS,
  offsetSample,
  UNMEASURED,
  withResolution,
} from '../../src/tracking/flight-proof.js';
import { timeBounds } from '../../src/provider/time-bounds.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const at = (ms: number) => timeBounds(new Date(ms).toISOString());

describe('proof that a provider order was created during our POST', () => {
  it('accepts a provider time inside the flight widened by the default margin, and not beyond it', () => {
    const flight = { from: T0, to: T0 + 40 };
    expect(createdInFlight(at(T0 + 20), flight, UNMEASURED)).toBe(true);
    expect(createdInFlight(at(T0 + 40 + 250), flight, UNMEASURED)).toBe(true);
    expect(createdInFlight(at(T0 + 40 + 251), flight, UNMEASURED)).toBe(false);
    expect(createdInFlight(at(T0 - 251), flight, UNMEASURED)).toBe(false);
  });

  it('never counts a time without a zone as proof', () => {
    expect(createdInFlight(timeBounds('2026-11-21T10:00:00'), { from: T0, to: T0 + 40 }, UNMEASURED)).toBe(false);
  });

  it('narrows the provider clock offset to what every sample of ours agrees on', () => {
    const samples = [
      offsetSample(at(T0 + 5 * 60_000 + 100)!, { from: T0, to: T0 + 300 }),
      offsetSample(at(T0 + 6 * 60_000 + 150)!, { from: T0 + 60_000, to: T0 + 60_200 }),
    ];
    expect(combineSamples(samples)).toEqual({ lowMs: 5 * 60_000 - 50, highMs: 5 * 60_000 + 100, measured: true });
  });

  it('measures nothing from samples that contradict each other', () => {
    const samples = [offsetSample(at(T0)!, { from: T0, to: T0 + 10 }), offsetSample(at(T0 + 60_000)!, { from: T0 + 10, to: T0 + 20 })];
    expect(combineSamples(samples)).toBeNull();
  });

  it('reads a time written to the second as the whole second when measuring', () => {
    const bounds = withResolution(timeBounds('2026-11-21T10:00:00Z')!, '2026-11-21T10:00:00Z');
    expect(bounds).toEqual({ earliest: T0, latest: T0 + 999 });
  });

  it('keeps a measured offset for a day, then falls back to the default margin', async () => {
    const clock = createManualClock(T0);
    const state = createAppStateStore({ database: databaseOf(memoryDb()), clock });
    await currentOffset(state, { lowMs: 100, highMs: 120, measured: true }, T0);

    expect(await currentOffset(state, null, T0 + OFFSET_MAX_AGE_MS)).toEqual({ lowMs: 100, highMs: 120, measured: true });
    expect(await currentOffset(state, null, T0 + OFFSET_MAX_AGE_MS + 1)).toEqual(UNMEASURED);
  });
});

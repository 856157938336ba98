import { describe, expect, it } from 'vitest';
import { createVelocityGuard, type VelocityRefusal } from '../../../src/safeguards/velocity/velocity-guard.js';
import { createMemoryVelocityStore } from '../../../src/db/memory-velocity.js';
import { createManualClock } from '../../support/manual-clock.js';
import { memoryDb } from '../../support/memory-db.js';
import { sqliteSettings } from '../../support/sqlite-settings.js';

const HOUR = 3_600_000;
/** The start of an hour, as every instance reckons windows. */
const T0 = 1_700_000_000_000 - (1_700_000_000_000 % HOUR);
const PERSON = 11;
const ADMIN = 1;

function world() {
  const clock = createManualClock(T0);
  const settings = sqliteSettings(memoryDb(), clock);
  const refusals: VelocityRefusal[] = [];
  const guard = createVelocityGuard({ store: createMemoryVelocityStore(), settings, clock, onRefused: async (refusal) => void refusals.push(refusal) });
  return { clock, guard, refusals };
}

describe('velocity limits', () => {
  it('refuses the order past the hour’s limit, says when the first place frees, and lets the person go on an hour after their first order', async () => {
    const { clock, guard, refusals } = world();
    await guard.setCap('orders', 3, ADMIN);
    for (let i = 0; i < 3; i++) expect(await guard.take('orders', PERSON)).toEqual({ ok: true });
    clock.advance(HOUR - 1);
    expect(await guard.take('orders', PERSON)).toEqual({ ok: false, kind: 'orders', cap: 3, freesAt: T0 + HOUR });
    expect(refusals).toEqual([{ personId: PERSON, verdict: { ok: false, kind: 'orders', cap: 3, freesAt: T0 + HOUR } }]);
    // Someone else's count is theirs.
    expect(await guard.take('orders', PERSON + 1)).toEqual({ ok: true });
    clock.advance(1);
    expect(await guard.take('orders', PERSON)).toEqual({ ok: true });
  });

  it('gives no more than the cap in any hour, across a clock hour’s boundary', async () => {
    const { clock, guard } = world();
    await guard.setCap('orders', 3, ADMIN);
    clock.advance(HOUR - 60_000);
    for (let i = 0; i < 3; i++) expect((await guard.take('orders', PERSON)).ok).toBe(true);
    // Two minutes later the clock's hour is a new one; the last hour still holds three orders.
    clock.advance(120_000);
    expect(await guard.take('orders', PERSON)).toEqual({ ok: false, kind: 'orders', cap: 3, freesAt: T0 + 2 * HOUR - 60_000 });
  });

  it('counts provider reads by the minute and reveals by the hour, each with its default', async () => {
    const { clock, guard } = world();
    expect(guard.cap('reads')).toBe(60);
    expect(guard.cap('reveals')).toBe(30);
    for (let i = 0; i < 60; i++) expect((await guard.take('reads', PERSON)).ok).toBe(true);
    expect(await guard.take('reads', PERSON)).toMatchObject({ ok: false, kind: 'reads', freesAt: T0 + 60_000 });
    for (let i = 0; i < 30; i++) expect((await guard.take('reveals', PERSON)).ok).toBe(true);
    clock.advance(60_000);
    expect((await guard.take('reads', PERSON)).ok).toBe(true);
    expect((await guard.take('reveals', PERSON)).ok).toBe(false);
  });

  it('refuses a request beyond the waiting ones allowed, and nothing when a limit is off', async () => {
    const { guard, refusals } = world();
    expect(await guard.pending(PERSON, 2)).toEqual({ ok: true });
    expect(await guard.pending(PERSON, 3)).toEqual({ ok: false, kind: 'pending', cap: 3, freesAt: null });
    await guard.setCap('pending', null, ADMIN);
    await guard.setCap('orders', null, ADMIN);
    expect(await guard.pending(PERSON, 300)).toEqual({ ok: true });
    for (let i = 0; i < 100; i++) expect((await guard.take('orders', PERSON)).ok).toBe(true);
    expect(refusals).toHaveLength(1);
  });
});

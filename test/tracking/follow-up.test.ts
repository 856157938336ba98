import { describe, expect, it } from 'vitest';
import { planFollowUp } from '../../src/tracking/follow-up.js';

const T0 = 1_700_000_000_000;
const MINUTE = 60_000;
const posted = { postedAt: new Date(T0), createdAt: new Date(T0 - 1_000), staleReportedAt: null };
const plan = (input: Partial<Parameters<typeof planFollowUp>[0]>) =>
  planFollowUp({ order: posted, state: 'in_progress', checkCount: 1, now: T0 + MINUTE, staleMs: 30 * MINUTE, random: () => 0.5, ...input });

describe('follow-up plan', () => {
  it('schedules an order in progress on the fast pace', () => {
    expect(plan({})).toEqual({ nextCheckAt: T0 + MINUTE + 4_000, stale: false, set: {}, notify: [] });
  });

  it('stops following an order that is final or waiting for an administrator', () => {
    expect(plan({ state: 'completed' }).nextCheckAt).toBeNull();
    expect(plan({ state: 'needs_review' }).nextCheckAt).toBeNull();
  });

  it('reports an order open past the stale limit once and slows it down', () => {
    const now = T0 + 30 * MINUTE;
    expect(plan({ now })).toEqual({
      nextCheckAt: now + 12.5 * MINUTE,
      stale: true,
      set: { staleReportedAt: new Date(now) },
      notify: ['stale'],
    });
  });

  it('does not report an order that was already reported stale', () => {
    const reported = { ...posted, staleReportedAt: new Date(T0 + 30 * MINUTE) };
    expect(plan({ order: reported, now: T0 + 40 * MINUTE })).toMatchObject({ stale: true, set: {}, notify: [] });
  });

  it('counts from the creation of an order that was never sent', () => {
    const unsent = { ...posted, postedAt: null, createdAt: new Date(T0 - 30 * MINUTE + MINUTE) };
    expect(plan({ order: unsent, state: 'unknown' }).stale).toBe(true);
  });
});

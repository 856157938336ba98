import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Settings } from '../../settings/settings-view.js';
import { defineSetting, type SettingDefinition } from '../../db/settings-store.js';
import type { VelocityStore } from '../../db/velocity-store.js';

/**
 * How fast one person may go, whatever their money allows: orders
 * confirmed per hour, someone else's codes revealed per hour, provider
 * reads per minute (so one chat cannot starve the deliveries), and
 * requests waiting for approval at once. A stolen account, or a loop, hits
 * these long before it empties the wallet or the codes.
 */
export { VELOCITY_KINDS, type VelocityKind } from '../../domain/safeguards.js';
import type { VelocityKind } from '../../domain/safeguards.js';
/** The kinds counted in a window; 'pending' is counted from the waiting requests themselves. */
export type WindowedKind = Exclude<VelocityKind, 'pending'>;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const VELOCITY_WINDOW_MS: Record<WindowedKind, number> = { orders: HOUR_MS, reveals: HOUR_MS, reads: MINUTE_MS };

/**
 * Safe defaults: far above what a person at work does, far below what a loop
 * does. Reads: a summary and a Confirm of a ten-product cart read eleven
 * times each; 60 a minute is an eighth of the provider's budget at 8/s.
 */
const DEFAULT_VELOCITY: Record<VelocityKind, number> = { orders: 20, reveals: 30, reads: 60, pending: 3 };

/** 0: no limit of that kind (a stored null would read as "not set", that is the default). */
const velocitySetting = (kind: VelocityKind): SettingDefinition<number> =>
  defineSetting(`velocity.${kind}`, z.number().int().min(0).max(1_000_000), DEFAULT_VELOCITY[kind]);

export type VelocityVerdict =
  | { ok: true }
  /** `freesAt`: when the next one will be let through (epoch ms); null for 'pending', which frees as requests are decided. */
  | { ok: false; kind: VelocityKind; cap: number; freesAt: number | null };

export interface VelocityRefusal {
  personId: number;
  verdict: Extract<VelocityVerdict, { ok: false }>;
}

export interface VelocityGuard {
  /** Counts one more of `kind` for the person now, and refuses it when that passes the setting. */
  take(kind: WindowedKind, personId: number): Promise<VelocityVerdict>;
  /**
   * Whether a take of `kind` would pass now, counting nothing; a refusal is
   * told as a take's is. Asked before what costs the person effort (a
   * step-up code), so that the limit refuses first, not after.
   */
  check(kind: WindowedKind, personId: number): Promise<VelocityVerdict>;
  /** Whether the person may add one more request to the `waiting` ones they have. */
  pending(personId: number, waiting: number): Promise<VelocityVerdict>;
  /** What the setting is now, for /settings. */
  cap(kind: VelocityKind): number | null;
  /** Sets one limit (null: none), audited as every setting is; whether it changed. */
  setCap(kind: VelocityKind, value: number | null, actorId: number): Promise<boolean>;
}

export function createVelocityGuard(deps: {
  store: VelocityStore;
  settings: Pick<Settings, 'read' | 'write'>;
  clock: Clock;
  /** Told of every refusal: administrators are alerted (quietly) and it is audited. Never throws. */
  onRefused: (refusal: VelocityRefusal) => Promise<void>;
}): VelocityGuard {
  const cap = (kind: VelocityKind): number | null => {
    const value = deps.settings.read(velocitySetting(kind));
    return value === 0 ? null : value;
  };
  const refuse = async (personId: number, verdict: Extract<VelocityVerdict, { ok: false }>): Promise<VelocityVerdict> => {
    await deps.onRefused({ personId, verdict }).catch(() => undefined);
    return verdict;
  };
  return {
    cap,
    async setCap(kind, value, actorId) {
      return (await deps.settings.write(velocitySetting(kind), value ?? 0, actorId)).changed;
    },
    async take(kind, personId) {
      const most = cap(kind);
      if (most === null) return { ok: true };
      const windowMs = VELOCITY_WINDOW_MS[kind];
      // A sliding window: the last hour (or minute) from now, whatever the clock's hour; the next
      // attempt can go through once the oldest hit in it is a whole window old.
      const at = deps.clock.now();
      const { taken, oldest } = await deps.store.take(`${kind}:${personId}`, at, windowMs, most);
      if (taken) return { ok: true };
      return refuse(personId, { ok: false, kind, cap: most, freesAt: (oldest ?? at) + windowMs });
    },
    async check(kind, personId) {
      const most = cap(kind);
      if (most === null) return { ok: true };
      const windowMs = VELOCITY_WINDOW_MS[kind];
      const at = deps.clock.now();
      const { hits, oldest } = await deps.store.peek(`${kind}:${personId}`, at, windowMs);
      if (hits < most) return { ok: true };
      return refuse(personId, { ok: false, kind, cap: most, freesAt: (oldest ?? at) + windowMs });
    },
    async pending(personId, waiting) {
      const most = cap('pending');
      if (most === null || waiting < most) return { ok: true };
      return refuse(personId, { ok: false, kind: 'pending', cap: most, freesAt: null });
    },
  };
}

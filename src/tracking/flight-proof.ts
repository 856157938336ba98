import type { AppStateStore } from '../db/app-state-store.js';
import type { OrderRow } from '../db/order-store.js';
import type { TimeBounds } from '../provider/time-bounds.js';

/**
 * Proof that a provider order is the one our POST created: the provider's
 * time of its creation, read on our clock, lies inside the POST's flight
 * (from the moment it was sent to its answer or timeout). The provider's
 * clock is not ours, so its offset is measured from orders whose POST
 * answered with their id: each was created during its own flight, so
 * `provider time - our time` lies in [created - ended, created - sent].
 */

/** The offset (provider clock minus ours) lies in [lowMs, highMs]. */
export interface ClockOffset {
  lowMs: number;
  highMs: number;
  /** Whether it was measured, or is the default below. */
  measured: boolean;
}

/**
 * Before anything was measured: two NTP-synchronised servers agree within
 * tens of milliseconds. A provider clock further off than this makes
 * adoption fail to prove, and the order goes to an administrator, which is
 * safe; the first order we place with a known flight then measures it.
 */
export const DEFAULT_OFFSET_MARGIN_MS = 250;
export const UNMEASURED: ClockOffset = { lowMs: -DEFAULT_OFFSET_MARGIN_MS, highMs: DEFAULT_OFFSET_MARGIN_MS, measured: false };

/** A measurement older than this is not trusted: clocks drift and get corrected. */
export const OFFSET_MAX_AGE_MS = 24 * 60 * 60_000;
const OFFSET_KEY = 'provider-clock-offset';

interface Flight {
  from: number;
  to: number;
}

/** The flight of the order's POST, or null when it was not recorded whole. */
export function flightOf(order: Pick<OrderRow, 'postedAt' | 'postEndedAt'>): Flight | null {
  if (order.postedAt === null || order.postEndedAt === null) return null;
  return { from: order.postedAt.getTime(), to: Math.max(order.postedAt.getTime(), order.postEndedAt.getTime()) };
}

/**
 * A time written to the second stands for the whole second: its bounds are
 * widened by 999 ms when it carries no fraction. Used for measuring, where
 * a wider sample is only less precise, never wrong.
 */
export function withResolution(bounds: TimeBounds, text: string | null): TimeBounds {
  return text !== null && /:\d{2}[.,]\d/.test(text) ? bounds : { earliest: bounds.earliest, latest: bounds.latest + 999 };
}

/** What one order of ours with a known flight says of the offset. */
export function offsetSample(created: TimeBounds, flight: Flight): { lowMs: number; highMs: number } {
  return { lowMs: created.earliest - flight.to, highMs: created.latest - flight.from };
}

/**
 * The offset all samples agree on (their intersection). Null when there are
 * none, or when they contradict each other (the provider's clock jumped):
 * nothing measured is better than a wrong measurement.
 */
export function combineSamples(samples: readonly { lowMs: number; highMs: number }[]): ClockOffset | null {
  if (samples.length === 0) return null;
  const lowMs = Math.max(...samples.map((s) => s.lowMs));
  const highMs = Math.min(...samples.map((s) => s.highMs));
  return lowMs <= highMs ? { lowMs, highMs, measured: true } : null;
}

/** Half the width of the range of our-clock instants a provider time stands for, for the record. */
export function marginOf(offset: ClockOffset): number {
  return Math.ceil((offset.highMs - offset.lowMs) / 2);
}

/**
 * Whether the provider's time of an order, moved onto our clock, lies
 * inside the flight widened by the offset's uncertainty. The time is taken
 * as written (no widening for its resolution): a provider that writes whole
 * seconds proves fewer orders, which then go to an administrator.
 */
export function createdInFlight(created: TimeBounds | null, flight: Flight, offset: ClockOffset): boolean {
  // A time without a zone stands for a whole day of instants: it proves nothing.
  if (created === null || created.latest - created.earliest > MAX_PROVING_SPREAD_MS) return false;
  return created.latest - offset.lowMs >= flight.from && created.earliest - offset.highMs <= flight.to;
}

/** A provider time proves only when it names an instant (to the second at worst). */
const MAX_PROVING_SPREAD_MS = 1_000;

interface StoredOffset {
  lowMs: number;
  highMs: number;
  at: number;
}

/** The offset measured now if there is one (and it is stored), else the last stored one still fresh, else the default. */
export async function currentOffset(state: AppStateStore, measuredNow: ClockOffset | null, now: number): Promise<ClockOffset> {
  if (measuredNow) {
    await state.set(OFFSET_KEY, { lowMs: measuredNow.lowMs, highMs: measuredNow.highMs, at: now });
    return measuredNow;
  }
  const stored = await state.get<StoredOffset>(OFFSET_KEY);
  if (stored && now - stored.at <= OFFSET_MAX_AGE_MS) return { lowMs: stored.lowMs, highMs: stored.highMs, measured: true };
  return UNMEASURED;
}

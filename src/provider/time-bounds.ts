/**
 * The provider's timestamps are read as the range of instants they can
 * stand for: exact with a time zone, but a wall-clock time without one may
 * be in any zone, so it is widened by the largest offsets in use.
 */
export interface TimeBounds {
  earliest: number;
  latest: number;
}

const HOUR = 3_600_000;
/** UTC-12 .. UTC+14. */
const MAX_ZONE_OFFSET_MS = 14 * HOUR;
const ISO = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const ZONE_WORD = /(?:\bGMT\b|\bUTC\b|\bZ\b|[+-]\d{2}:?\d{2}\s*$)/i;

/** Null when the value is missing or unreadable. */
export function timeBounds(value: string | null): TimeBounds | null {
  if (value === null) return null;
  const text = value.trim();
  const iso = ISO.exec(text);
  if (iso) {
    const [, date, time, zone] = iso;
    if (time === undefined) {
      const midnight = Date.parse(`${date}T00:00:00Z`);
      return Number.isNaN(midnight) ? null : { earliest: midnight - MAX_ZONE_OFFSET_MS, latest: midnight + 24 * HOUR + MAX_ZONE_OFFSET_MS };
    }
    if (zone !== undefined) {
      const offset = zone.toUpperCase() === 'Z' ? 'Z' : normaliseOffset(zone);
      const at = Date.parse(`${date}T${time}${offset}`);
      return Number.isNaN(at) ? null : { earliest: at, latest: at };
    }
    const wall = Date.parse(`${date}T${time}Z`);
    return Number.isNaN(wall) ? null : { earliest: wall - MAX_ZONE_OFFSET_MS, latest: wall + MAX_ZONE_OFFSET_MS };
  }
  const parsed = Date.parse(text);
  if (Number.isNaN(parsed)) return null;
  if (ZONE_WORD.test(text)) return { earliest: parsed, latest: parsed };
  // Read in this process's zone: the true instant may be off by the spread of both zones.
  return { earliest: parsed - 2 * MAX_ZONE_OFFSET_MS, latest: parsed + 2 * MAX_ZONE_OFFSET_MS };
}

function normaliseOffset(zone: string): string {
  const digits = zone.slice(1).replace(':', '');
  return `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2, 4).padEnd(2, '0')}`;
}

/** Whether the instant could lie in [from, to]; an unknown time could. */
export function mayLieIn(bounds: TimeBounds | null, from: number, to: number): boolean {
  return bounds === null || (bounds.latest >= from && bounds.earliest <= to);
}

/** How far the instant is at least from `at`; unknown times are the farthest. */
export function distanceFrom(bounds: TimeBounds | null, at: number): number {
  if (bounds === null) return Number.POSITIVE_INFINITY;
  if (at < bounds.earliest) return bounds.earliest - at;
  if (at > bounds.latest) return at - bounds.latest;
  return 0;
}

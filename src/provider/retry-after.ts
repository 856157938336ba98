/** Used when a 429 carries no usable Retry-After. */
const DEFAULT_RETRY_AFTER_MS = 1_000;

/**
 * The longest wait one Retry-After can impose. A day-long value (seen: 86400)
 * would stop deliveries and every staff request until tomorrow; after ten
 * minutes we ask again, and a provider that still refuses says so again.
 */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** A Retry-After as asked for and as we honour it (clamped to MAX_RETRY_AFTER_MS). */
export function boundedRetryAfterMs(value: string | null | undefined, nowMs: number): { requestedMs: number; ms: number } {
  const requestedMs = parseRetryAfterMs(value, nowMs);
  return { requestedMs, ms: Math.min(requestedMs, MAX_RETRY_AFTER_MS) };
}

/**
 * Milliseconds to wait according to a Retry-After header, which is either a
 * number of seconds or an HTTP-date (both forms are honoured). A date in the
 * past means "now"; a missing or unreadable value falls back to a default so
 * that a 429 always pauses for a while.
 */
export function parseRetryAfterMs(
  value: string | null | undefined,
  nowMs: number,
  fallbackMs: number = DEFAULT_RETRY_AFTER_MS,
): number {
  const text = value?.trim();
  if (!text) return fallbackMs;
  // RFC 9110 allows only whole seconds; fractions are accepted because they are harmless.
  if (/^\d+(\.\d+)?$/.test(text)) {
    const ms = Math.ceil(Number(text) * 1000);
    return Number.isFinite(ms) ? ms : fallbackMs;
  }
  // Date.parse would read bare numbers such as "-5" as years: only date-like text reaches it.
  if (!/[a-z]/i.test(text)) return fallbackMs;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return fallbackMs;
  return Math.max(0, at - nowMs);
}

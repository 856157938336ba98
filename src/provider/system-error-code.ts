/**
 * The system error code (ECONNREFUSED, ENOTFOUND, UND_ERR_SOCKET...) of a
 * failed request, found along the cause chain: ofetch wraps undici's
 * "fetch failed" TypeError, which wraps the socket's error, which may be an
 * AggregateError of one attempt per address (IPv4 and IPv6). Only `code`,
 * `cause` and `errors` are read: the ofetch error's other properties lead
 * to the request options, and with them to the API key.
 */
export function systemErrorCode(error: unknown): string | null {
  return search(error, 0, new Set());
}

// Deeper than any wrapping seen (ofetch -> TypeError -> AggregateError -> Error), and a guard against cycles.
const MAX_DEPTH = 8;
const CODE = /^[A-Z][A-Z0-9_]*$/;

function search(current: unknown, depth: number, seen: Set<object>): string | null {
  if (depth > MAX_DEPTH || current === null || typeof current !== 'object' || seen.has(current)) return null;
  seen.add(current);
  const code = (current as { code?: unknown }).code;
  if (typeof code === 'string' && CODE.test(code)) return code;
  const nested = (current as { errors?: unknown }).errors;
  if (Array.isArray(nested)) {
    for (const inner of nested) {
      const found = search(inner, depth + 1, seen);
      if (found) return found;
    }
  }
  return search((current as { cause?: unknown }).cause, depth + 1, seen);
}

import { createRequire } from 'node:module';
import type { RE2JS } from 're2js';

/**
 * Patterns the provider sends with a required field (requiredFields[].pattern)
 * are run on RE2, whose matching time grows linearly with the input, never on
 * JavaScript's backtracking engine: `^(a+)+$` against 27 letters held the
 * event loop, and with it every chat, for seconds.
 */

/**
 * RE2 (a quarter of a megabyte of code) is loaded the first time a pattern
 * is compiled, not at start-up: most catalogs send few patterns or none
 * (docs/performance.md, "Start-up"). Loaded synchronously through its
 * CommonJS build, so that checking an answer stays synchronous.
 */
const loadCommonJs = createRequire(import.meta.url);
let engine: typeof RE2JS | undefined;
const re2 = (): typeof RE2JS => (engine ??= (loadCommonJs('re2js') as typeof import('re2js')).RE2JS);

/** Longer patterns are not enforced (the provider still checks the value). */
const MAX_FIELD_PATTERN_LENGTH = 1_000;

type FieldPattern = { kind: 'none' } | { kind: 'ok'; regex: RE2JS } | { kind: 'refused'; why: string };

const compiled = new Map<string, FieldPattern>();

/**
 * The pattern compiled for RE2, cached. A pattern RE2 cannot compile
 * (lookarounds, backreferences) or that is too long is 'refused': treated as
 * no pattern rather than blocking the order, since the provider checks the
 * value again when the order arrives.
 */
export function compileFieldPattern(pattern: string | null): FieldPattern {
  if (!pattern) return { kind: 'none' };
  const cached = compiled.get(pattern);
  if (cached) return cached;
  let result: FieldPattern;
  if (pattern.length > MAX_FIELD_PATTERN_LENGTH) {
    result = { kind: 'refused', why: `longer than ${MAX_FIELD_PATTERN_LENGTH} characters` };
  } else {
    try {
      result = { kind: 'ok', regex: re2().compile(pattern) };
    } catch (error) {
      result = { kind: 'refused', why: error instanceof Error ? error.name : 'does not compile' };
    }
  }
  // Patterns come from a small catalog; the bound only guards against a provider that varies them endlessly.
  if (compiled.size >= 1_000) compiled.clear();
  compiled.set(pattern, result);
  return result;
}

/** JavaScript's RegExp.test semantics (a match anywhere, anchors as written), in linear time. */
export function matchesFieldPattern(regex: RE2JS, value: string): boolean {
  return regex.test(value);
}

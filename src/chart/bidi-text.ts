/**
 * Text direction for the SVG renderer. It orders mixed Persian and Latin
 * text by the Unicode bidirectional algorithm but ignores SVG's `direction`
 * attribute, so every line starts left to right; it does honour the
 * Unicode isolate characters, which set a line's direction from within the
 * text itself (and draw nothing).
 */
const RIGHT_TO_LEFT_ISOLATE = '\u2067';
const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/** A sentence in the reader's language, laid out in the reader's direction: "… ۱۴۰۵ — Amazon" keeps Amazon at the end, on the left. */
export function inReaderDirection(text: string, direction: 'ltr' | 'rtl'): string {
  return direction === 'rtl' ? `${RIGHT_TO_LEFT_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}` : text;
}

/** A name or a figure, laid out in the direction of its own first letter, whichever language the chart is in: "John (جان)" reads left to right, "علی Smith" right to left. */
export function inOwnDirection(text: string): string {
  return `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}

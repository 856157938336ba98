/** Longest provider-supplied or typed text a menu shows in one place, in characters. */
export const CLIP = {
  answer: 200,
  title: 200,
  fieldTitle: 100,
  hint: 300,
} as const;

/**
 * Shortens text for display, marking the cut with "…". Counts code points,
 * so that an emoji or a surrogate pair is never split in half. The full
 * text is kept wherever it is used for more than display.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, Math.max(0, max - 1)).join('')}…`;
}

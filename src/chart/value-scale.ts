export interface ValueScale {
  /** Top of the value axis; 0 when nothing was spent. */
  max: number;
  /** Distance between two ticks, a whole number of the wallet's unit. */
  step: number;
}

const TICKS = 5;

/**
 * The value axis for a highest day of `highest`: about five ticks at a
 * round step (1, 2, 2.5 or 5 times a power of ten, never a fraction of the unit),
 * the top tick at or above the highest day. Chosen here rather than by the
 * chart library, so the width of the tick labels is known before drawing.
 */
export function valueScale(highest: number): ValueScale {
  if (!(highest > 0)) return { max: 0, step: 1 };
  const rough = highest / TICKS;
  const power = 10 ** Math.floor(Math.log10(rough));
  const round = [1, 2, 2.5, 5, 10].map((factor) => factor * power).filter((candidate) => Number.isInteger(candidate));
  const step = Math.max(1, round.find((candidate) => candidate >= rough) ?? 10 * power);
  return { max: Math.ceil(highest / step) * step, step };
}

/** The tick values from 0 to the top. */
export function scaleTicks(scale: ValueScale): number[] {
  return Array.from({ length: Math.round(scale.max / scale.step) + 1 }, (_, i) => i * scale.step);
}

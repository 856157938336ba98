export interface ChartSeries {
  name: string;
  /** One value per day of the month. */
  values: number[];
}

/** More stacked colours than this cannot be told apart on a phone. */
export const MOST_SERIES = 8;

/**
 * At most `most` series: when there are more, the biggest `most - 1` by
 * total keep their place and the rest are summed, day by day, into one
 * last series named `othersName`. Equal totals keep the earlier series.
 */
export function foldIntoOthers(series: readonly ChartSeries[], othersName: string, most = MOST_SERIES): ChartSeries[] {
  if (series.length <= most) return [...series];
  const total = (values: number[]): number => values.reduce((sum, value) => sum + value, 0);
  const biggest = new Set(
    series
      .map((entry, index) => ({ index, total: total(entry.values) }))
      .sort((a, b) => b.total - a.total || a.index - b.index)
      .slice(0, most - 1)
      .map((entry) => entry.index),
  );
  const kept = series.filter((_, index) => biggest.has(index));
  const folded = series.filter((_, index) => !biggest.has(index));
  const days = Math.max(...series.map((entry) => entry.values.length));
  const others = Array.from({ length: days }, (_, day) => folded.reduce((sum, entry) => sum + (entry.values[day] ?? 0), 0));
  return [...kept, { name: othersName, values: others }];
}

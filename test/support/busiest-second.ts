/** The most of `times` (ms) inside any one-second window [t, t + 1000): what a receiver that counts per second sees. */
export function busiestSecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while (sorted[j]! - sorted[i]! >= 1000) i++;
    best = Math.max(best, j - i + 1);
  }
  return best;
}

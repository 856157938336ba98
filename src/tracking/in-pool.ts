/**
 * Runs `work` on every item with at most `size` running at once. The first
 * failure stops workers from taking more items and is thrown once the ones
 * in flight have ended.
 */
export async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(size, items.length)) }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
}

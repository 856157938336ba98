/**
 * A module loaded the first time a feature asks for it, not at start-up:
 * what only one feature needs (the chart renderer, the QR code maker, the
 * batch file parser, the PostgreSQL driver on SQLite) would otherwise be
 * loaded before the first update is taken and held in memory for the whole
 * run (docs/performance.md, "Start-up"). Every later call gets the same
 * module; a load that failed is tried again on the next call rather than
 * failing the feature for the rest of the run.
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

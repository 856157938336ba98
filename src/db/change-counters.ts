/**
 * The in-memory copies whose tables other instances may change: the
 * staff, people and settings views, the ordering pause as shown, the
 * catalog as the /order steps read it, the cached prices its pages
 * show, and the favourites and team picks /order opens with (see
 * fresh-views.ts).
 */
export const VIEW_NAMES = ['staff', 'people', 'settings', 'pause', 'catalog', 'prices', 'favourites'] as const;
export type ViewName = (typeof VIEW_NAMES)[number];
export type ChangeCounts = Readonly<Record<ViewName, number>>;

/**
 * How far the tables behind the in-memory views have moved. On PostgreSQL
 * several instances share the tables, so each reads the counters (one
 * small query) at the start of every update. On SQLite only this process
 * writes (one instance per database, see instance-lock.ts) and every
 * change goes through the views, which read again themselves: nothing to
 * ask, and `shared` is false so that the check costs nothing there.
 */
export interface ChangeCounterStore {
  readonly shared: boolean;
  read(): Promise<ChangeCounts>;
}

/** Every counter at 0: a view with no row counts 0. */
export const noChanges = (): Record<ViewName, number> => Object.fromEntries(VIEW_NAMES.map((name) => [name, 0])) as Record<ViewName, number>;

/** A counter as read from change_counters. */
interface CounterRow {
  name: string | null;
  /** bigint: pg hands it over as text where no schema maps it. */
  version: string | number | null;
}

/** The counts in `rows`; a name this code does not know (a newer schema's) is left out, a view with no row counts 0. */
export function countsOf(rows: readonly CounterRow[]): ChangeCounts {
  const counts = noChanges();
  for (const row of rows) {
    if (row.name !== null && (VIEW_NAMES as readonly string[]).includes(row.name)) counts[row.name as ViewName] = Number(row.version);
  }
  return counts;
}

const NEVER_MOVED: ChangeCounts = noChanges();

/** One instance, the only writer: its views already saw every change, and nothing is read. */
export function createUnsharedChangeCounterStore(): ChangeCounterStore {
  return { shared: false, read: async () => NEVER_MOVED };
}

/**
 * The in-memory copies whose tables other instances may change: the
 * staff, people and settings views, the ordering pause as shown, and the
 * catalog as the /order menu reads it (see fresh-views.ts).
 */
export const VIEW_NAMES = ['staff', 'people', 'settings', 'pause', 'catalog'] as const;
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

const NEVER_MOVED: ChangeCounts = { staff: 0, people: 0, settings: 0, pause: 0, catalog: 0 };

export function createSqliteChangeCounterStore(): ChangeCounterStore {
  return { shared: false, read: async () => NEVER_MOVED };
}

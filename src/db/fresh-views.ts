import type { ChangeCounterStore, ChangeCounts, ViewName } from './change-counters.js';
import { VIEW_NAMES } from './change-counters.js';
import type { SettingsStore } from '../settings/settings-store.js';
import { createSettingsView, type SettingsView } from '../settings/settings-view.js';
import type { PeopleStore } from './people-repo.js';
import { createPeopleView, type PeopleView } from './people-view.js';
import type { StaffStore } from './staff-repo.js';
import { createStaffView, type StaffView } from './staff-view.js';

/**
 * Keeps the in-memory views (staff, people, settings) from acting on a
 * stale copy when another instance changes their tables. `check` reads the
 * change counters (one query on PostgreSQL, nothing at all on SQLite) and
 * reads again each view whose table moved since its copy was read; run at
 * the start of every update, so a staff member removed, a role or a
 * spending rule changed, a setting or a language changed through any
 * instance holds on this one from its next update on.
 */
export interface ViewFreshness {
  check(): Promise<void>;
}

type Reloadable = { refresh(): Promise<void> };

export function createViewFreshness(deps: {
  counters: ChangeCounterStore;
  /** The counts read before the views first loaded: what their copies include at least. */
  baseline: ChangeCounts;
  views: Record<ViewName, Reloadable>;
}): ViewFreshness {
  const { counters, views } = deps;
  const seen: Record<ViewName, number> = { ...deps.baseline };
  // One reload at a time per view; a reload queued behind one that already covered its count is skipped.
  const queue: Record<ViewName, Promise<void>> = { staff: Promise.resolve(), people: Promise.resolve(), settings: Promise.resolve() };

  const reload = (name: ViewName, count: number): Promise<void> => {
    const run = queue[name].then(async () => {
      if (seen[name] >= count) return;
      await views[name].refresh();
      // The read began after the count was read, so the copy holds at least that count's changes.
      seen[name] = Math.max(seen[name], count);
    });
    queue[name] = run.catch(() => undefined);
    return run;
  };

  return {
    async check() {
      if (!counters.shared) return;
      const counts = await counters.read();
      await Promise.all(VIEW_NAMES.filter((name) => counts[name] > seen[name]).map((name) => reload(name, counts[name])));
    },
  };
}

/**
 * The three views and their freshness check, built in the one order that
 * is safe: the counters first, then the copies, so that a change another
 * instance makes meanwhile is read again at the first check.
 */
export async function openFreshViews(stores: { changes: ChangeCounterStore; staff: StaffStore; people: PeopleStore; settings: SettingsStore }): Promise<{
  staff: StaffView;
  people: PeopleView;
  settings: SettingsView;
  viewFreshness: ViewFreshness;
}> {
  const baseline = await stores.changes.read();
  const staff = await createStaffView(stores.staff);
  const people = await createPeopleView(stores.people);
  const settings = await createSettingsView(stores.settings);
  const viewFreshness = createViewFreshness({ counters: stores.changes, baseline, views: { staff, people, settings } });
  return { staff, people, settings, viewFreshness };
}

import type { ChangeCounterStore, ChangeCounts, ViewName } from '../db/change-counters.js';
import { VIEW_NAMES } from '../db/change-counters.js';
import type { SettingsStore } from '../db/settings-store.js';
import { createSettingsView, type SettingsView } from '../settings/settings-view.js';
import type { PeopleStore } from '../db/people-store.js';
import { createPeopleView, type PeopleView } from '../db/people-view.js';
import type { StaffStore } from '../db/staff-store.js';
import { createStaffView, type StaffView } from '../db/staff-view.js';
import type { OrderingPauseStore } from '../db/ordering-pause-store.js';
import { createOrderingPauseView } from '../orders/ordering-pause-view.js';
import type { CatalogStore } from '../db/catalog-store.js';
import { createCatalogView } from '../catalog/catalog-view.js';
import { CATALOG_SYNC_STATE_KEY } from '../catalog/catalog-sync.js';
import type { Clock } from '../clock.js';
import type { FavouriteStore } from '../db/favourite-store.js';
import { createFavouriteView, type FavouriteView } from '../db/favourite-view.js';

/**
 * Keeps the in-memory views (staff, people, settings, the pause as shown,
 * the catalog's menu and pages, the favourites) from acting on a stale copy when another
 * instance changes their tables. `check` reads the change counters (one
 * query on PostgreSQL, nothing at all on SQLite) and
 * reads again each view whose table moved since its copy was read; run at
 * the start of every update, so a staff member removed, a role or a
 * spending rule changed, a setting or a language changed through any
 * instance holds on this one from its next update on.
 */
export interface ViewFreshness {
  /** `counts`: the counters as read just now with other reads (the update's first, session-prefetch.ts); absent, read here. */
  check(counts?: ChangeCounts): Promise<void>;
}

type Reloadable = { refresh(): Promise<void> };

function createViewFreshness(deps: {
  counters: ChangeCounterStore;
  /** The counts read before the views first loaded: what their copies include at least. */
  baseline: ChangeCounts;
  views: Record<ViewName, Reloadable>;
}): ViewFreshness {
  const { counters, views } = deps;
  const seen: Record<ViewName, number> = { ...deps.baseline };
  // One reload at a time per view; a reload queued behind one that already covered its count is skipped.
  const queue = Object.fromEntries(VIEW_NAMES.map((name) => [name, Promise.resolve()])) as Record<ViewName, Promise<void>>;

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
    async check(given) {
      if (!counters.shared) return;
      const counts = given ?? (await counters.read());
      await Promise.all(VIEW_NAMES.filter((name) => counts[name] > seen[name]).map((name) => reload(name, counts[name])));
    },
  };
}

/**
 * The views and their freshness check, built in the one order that is
 * safe: the counters first, then the copies, so that a change another
 * instance makes meanwhile is read again at the first check.
 *
 * `orderingPause` and `catalog` are the stores as the bot and the catalog
 * sync use them. The catalog's menu and pages are answered from memory on
 * both databases (catalog-view.ts: on SQLite a cold page of products costs
 * more than half a millisecond, and another connection's writes are seen
 * through data_version). The pause is answered from memory on a shared
 * database (PostgreSQL); on SQLite it is the store itself, one prepared read.
 */
export async function openFreshViews(stores: {
  changes: ChangeCounterStore;
  staff: StaffStore;
  people: PeopleStore;
  settings: SettingsStore;
  orderingPause: OrderingPauseStore;
  catalog: CatalogStore;
  favourites: FavouriteStore;
}, clock: Clock): Promise<{
  staff: StaffView;
  people: PeopleView;
  settings: SettingsView;
  orderingPause: OrderingPauseStore;
  catalog: CatalogStore;
  favourites: FavouriteView;
  viewFreshness: ViewFreshness;
}> {
  const baseline = await stores.changes.read();
  const staff = await createStaffView(stores.staff);
  const people = await createPeopleView(stores.people);
  const settings = await createSettingsView(stores.settings);
  const favourites = await createFavouriteView(stores.favourites, clock);
  const shared = stores.changes.shared;
  const pause = shared ? await createOrderingPauseView(stores.orderingPause) : null;
  const catalog = createCatalogView(stores.catalog, { keptStateKeys: [CATALOG_SYNC_STATE_KEY] });
  // Never asked on SQLite: its counters never move.
  const nothingKept = { refresh: async () => undefined };
  const viewFreshness = createViewFreshness({
    counters: stores.changes,
    baseline,
    views: {
      staff,
      people,
      settings,
      pause: pause ?? nothingKept,
      catalog,
      prices: { refresh: () => catalog.refreshPages() },
      favourites,
    },
  });
  return { staff, people, settings, orderingPause: pause ?? stores.orderingPause, catalog, favourites, viewFreshness };
}

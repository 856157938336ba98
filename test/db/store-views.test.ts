import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAppStateStore } from '../../src/db/app-state-store.js';
import { createSettingsStore, defineSetting } from '../../src/db/settings-store.js';
import { createSettingsView } from '../../src/settings/settings-view.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createPeopleStore } from '../../src/db/people-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createPeopleView } from '../../src/db/people-view.js';
import { createStaffStore } from '../../src/db/staff-store.js';
import { createStaffView } from '../../src/db/staff-view.js';
import { createUnsharedChangeCounterStore } from '../../src/db/change-counters.js';
import { openFreshViews } from '../../src/app/fresh-views.js';
import { createFavouriteStore } from '../../src/db/favourite-store.js';
import { latestRead } from '../../src/db/latest-read.js';
import { createOrderingPauseStore } from '../../src/db/ordering-pause-store.js';
import { createCatalogStore } from '../../src/db/catalog-store.js';
import { steppingClock } from './contract/subjects.js';

const opened: Db[] = [];
afterEach(() => opened.splice(0).forEach(closeDb));
function database(): Db {
  const db = openDb(':memory:');
  opened.push(db);
  return db;
}

describe('staff view', () => {
  it('starts from what the table holds and follows every change made through it', async () => {
    const db = database();
    const clock = steppingClock();
    await createStaffStore({ database: databaseOf(db), clock }).syncEnvAdmins([10]);
    const staff = await createStaffView(createStaffStore({ database: databaseOf(db), clock }));
    expect(staff.current.adminIds()).toEqual([10]);
    await staff.add(30, 'staff', 10);
    expect(staff.current.find(30)).toMatchObject({ role: 'staff', locale: null });
    await staff.setLocale(30, 'fa');
    expect(staff.current.find(30)?.locale).toBe('fa');
    await staff.changeRole(30, 'admin', 10);
    expect(staff.current.adminIds()).toEqual([10, 30]);
    await staff.syncEnvAdmins([]);
    expect(staff.current.list().map((m) => m.telegramId)).toEqual([30]);
    await staff.remove(30, 30);
    expect(staff.current.find(30)).toMatchObject({ role: 'admin' });
    await staff.add(40, 'viewer', 30);
    await staff.remove(40, 30);
    expect(staff.current.find(40)).toBeNull();
  });
});

describe('people view', () => {
  it('starts from everyone stored and follows names remembered through it', async () => {
    const db = database();
    const clock = steppingClock();
    await createPeopleStore({ database: databaseOf(db), clock }).remember({ id: 1, first_name: 'Ada', language_code: 'fa' });
    const people = await createPeopleView(createPeopleStore({ database: databaseOf(db), clock }));
    expect(people.current.find(1)).toMatchObject({ firstName: 'Ada', languageCode: 'fa' });
    expect(people.current.find(2)).toBeNull();
    expect(await people.remember({ id: 2, first_name: 'Sam', username: 'sam' })).toBe(true);
    expect(people.current.find(2)).toMatchObject({ firstName: 'Sam', username: 'sam' });
    await people.remember({ id: 1, first_name: 'Augusta', language_code: 'en' });
    expect(people.current.find(1)).toMatchObject({ firstName: 'Augusta', languageCode: 'en' });
  });
});

describe('settings view', () => {
  const threshold = defineSetting('test.threshold', z.number().int().min(0).nullable(), null);

  it('starts from what app_state holds and follows every change made through it, reading through the schema', async () => {
    const db = database();
    const clock = steppingClock();
    await createSettingsStore({ database: databaseOf(db), clock }).write(threshold, 7, 1);
    const settings = await createSettingsView(createSettingsStore({ database: databaseOf(db), clock }));
    expect(settings.read(threshold)).toBe(7);
    expect(await settings.write(threshold, 9, 1)).toEqual({ before: 7, after: 9, changed: true });
    expect(settings.read(threshold)).toBe(9);
    await expect(settings.write(threshold, -1, 1)).rejects.toThrow();
    expect(settings.read(threshold)).toBe(9);
    await settings.reset(threshold, 1);
    expect(settings.read(threshold)).toBeNull();
    await createAppStateStore({ database: databaseOf(db), clock }).set('setting.test.threshold', 'lots');
    await settings.refresh();
    expect(settings.read(threshold)).toBeNull();
  });
});

describe('reads of a whole table', () => {
  it('keep the newest read when an older one answers later', async () => {
    const answers: ((value: number) => void)[] = [];
    let copy = 0;
    const refresh = latestRead(
      () => new Promise<number>((resolve) => answers.push(resolve)),
      (value) => {
        copy = value;
      },
    );
    const older = refresh();
    const newer = refresh();
    answers[1]!(2);
    await newer;
    answers[0]!(1);
    await older;
    expect(copy).toBe(2);
  });

  it('on SQLite, a freshness check asks the database nothing, the pause is the store itself and the catalog keeps its pages', async () => {
    const db = database();
    const clock = steppingClock();
    const counters = createUnsharedChangeCounterStore();
    let reads = 0;
    const read = counters.read;
    counters.read = () => (reads++, read());
    const staffStore = createStaffStore({ database: databaseOf(db), clock });
    const orderingPause = createOrderingPauseStore({ database: databaseOf(db), clock });
    const catalog = createCatalogStore({ database: databaseOf(db), clock });
    const views = await openFreshViews({
      changes: counters,
      staff: staffStore,
      people: createPeopleStore({ database: databaseOf(db), clock }),
      settings: createSettingsStore({ database: databaseOf(db), clock }),
      orderingPause,
      catalog,
      favourites: createFavouriteStore({ database: databaseOf(db), clock }),
    }, clock);
    const before = reads;
    await views.viewFreshness.check();
    expect(reads).toBe(before);
    // The pause is read afresh at every /order (one prepared read); the catalog's menu and pages are kept
    // (catalog-view.ts, which sees another connection's writes through data_version).
    expect(views.orderingPause).toBe(orderingPause);
    expect(views.catalog).not.toBe(catalog);
    expect(typeof views.catalog.productsPage).toBe('function');
  });
});

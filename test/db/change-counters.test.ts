import { describe, expect, it } from 'vitest';
import { countsOf, createUnsharedChangeCounterStore, noChanges, VIEW_NAMES } from '../../src/db/change-counters.js';
import { createSharedChangeCounterStore } from '../../src/db/shared-change-counters.js';
import { forEachDatabase } from '../support/each-database.js';

forEachDatabase(['staff'], (label, fresh, another) => {
  // The shared counters are PostgreSQL's alone: their table and its triggers exist only there.
  if (label === 'PostgreSQL') {
    describe('the shared change counters', () => {
      it("count every view, and show another instance's change at the next read", async () => {
        const store = createSharedChangeCounterStore({ database: await fresh() });
        expect(store.shared).toBe(true);
        const before = await store.read();
        expect(Object.keys(before).sort()).toEqual([...VIEW_NAMES].sort());
        const other = another();
        await other.q.insert(other.tables.staff).values({ telegramId: 77, role: 'staff', source: 'chat', addedBy: 1, createdAt: new Date() });
        expect(await store.read()).toEqual({ ...before, staff: before.staff + 1 });
        // Read again unchanged: the prepared read gives the same counts each time.
        expect(await store.read()).toEqual({ ...before, staff: before.staff + 1 });
      });
    });
  } else {
    it('the one instance asks nothing: its counters never move and say they are not shared', async () => {
      const store = createUnsharedChangeCounterStore();
      expect(store.shared).toBe(false);
      expect(await store.read()).toEqual(noChanges());
    });
  }
});

describe('counts read from rows', () => {
  it("leave out a name this code does not know, and count a view with no row 0", () => {
    expect(countsOf([{ name: 'staff', version: '3' }, { name: 'newer', version: 9 }, { name: null, version: null }])).toEqual({ ...noChanges(), staff: 3 });
  });
});

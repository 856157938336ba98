import { beforeEach, describe, expect, it } from 'vitest';
import type { FavouriteStore, NewFavourite } from '../../../src/db/favourite-store.js';
import { MAX_FAVOURITES, type FavouriteLine } from '../../../src/domain/favourite.js';
import type { ManualClock } from '../../support/manual-clock.js';

export const T0 = Date.UTC(2026, 0, 5, 9);
const ANNA = 1001;
const BORIS = 1002;
const ADMIN = 9001;

const line = (productId: number, quantity: number | null = null): FavouriteLine => ({
  productId,
  title: `Card ${productId}`,
  regionPropertyId: 10 + productId,
  quantity,
  fieldValues: {},
  unitPrice: 100_000,
});
const product = (owner: number, productId: number): NewFavourite => ({ owner: { person: owner }, kind: 'product', name: `Card ${productId}`, lines: [line(productId)], createdBy: owner });

/** `fresh` gives a store over an empty favourites table, and the clock it reads; `other` the same data as a second instance sees it. */
export function favouriteStoreContract(database: string, fresh: () => Promise<{ store: FavouriteStore; other: FavouriteStore; clock: ManualClock }>): void {
  describe(`favourite store on ${database}`, () => {
    let store: FavouriteStore;
    let other: FavouriteStore;
    let clock: ManualClock;
    beforeEach(async () => {
      ({ store, other, clock } = await fresh());
    });

    it('keeps a favourite with its lines, for its owner only, and another instance reads it', async () => {
      const added = await store.add({ owner: { person: ANNA }, kind: 'order', name: 'A1234', lines: [line(1, 2), { ...line(2, 1), fieldValues: { '7': 'x@example.com' } }], createdBy: ANNA });
      expect(added.kind).toBe('added');
      const id = added.kind === 'added' ? added.favourite.id : 0;
      const kept = await other.get({ person: ANNA }, id);
      expect(kept).toMatchObject({ ownerId: ANNA, kind: 'order', name: 'A1234', uses: 0, lastUsedAt: null, createdBy: ANNA });
      expect(kept!.lines).toEqual([line(1, 2), { ...line(2, 1), fieldValues: { '7': 'x@example.com' } }]);
      expect(kept!.createdAt.getTime()).toBe(T0);
      expect(await store.get({ person: BORIS }, id)).toBeNull();
      expect(await store.get('team', id)).toBeNull();
      expect((await store.menuFor(BORIS)).mine).toEqual([]);
    });

    it("keeps a starred order's cost centre, and none for a product", async () => {
      const order = await store.add({ owner: { person: ANNA }, kind: 'order', name: 'A77', lines: [line(3, 1)], createdBy: ANNA, costCentreId: 42 });
      const pick = await store.add({ owner: 'team', kind: 'order', name: 'A78', lines: [line(4, 1)], createdBy: ADMIN, costCentreId: 43 });
      const card = await store.add(product(ANNA, 5));
      const idOf = (starred: typeof order) => (starred.kind === 'added' ? starred.favourite.id : -1);
      expect((await other.get({ person: ANNA }, idOf(order)))?.costCentreId).toBe(42);
      expect((await other.get('team', idOf(pick)))?.costCentreId).toBe(43);
      expect((await other.get({ person: ANNA }, idOf(card)))?.costCentreId).toBeNull();
      expect((await other.all()).map((row) => row.costCentreId)).toEqual([42, 43, null]);
    });

    it('gives a starred order the cost centre of the order it is starred from again, and says which it had', async () => {
      const first = await store.add({ owner: { person: ANNA }, kind: 'order', name: 'A77', lines: [line(3, 1)], createdBy: ANNA, costCentreId: 42 });
      const id = first.kind === 'added' ? first.favourite.id : -1;
      const again = await store.add({ owner: { person: ANNA }, kind: 'order', name: 'A80', lines: [line(3, 1)], createdBy: ANNA, costCentreId: 43 });
      expect(again).toMatchObject({ kind: 'centre-changed', before: 42, favourite: { id, name: 'A77', costCentreId: 43 } });
      expect((await other.get({ person: ANNA }, id))?.costCentreId).toBe(43);
      expect(await store.add({ owner: { person: ANNA }, kind: 'order', name: 'A81', lines: [line(3, 1)], createdBy: ANNA, costCentreId: 43 })).toMatchObject({ kind: 'already' });
      // An order of no cost centre leaves it with none; the team's pick of the same order is its own.
      expect(await store.add({ owner: { person: ANNA }, kind: 'order', name: 'A82', lines: [line(3, 1)], createdBy: ANNA, costCentreId: null })).toMatchObject({ kind: 'centre-changed', before: 43, favourite: { costCentreId: null } });
      expect((await store.add({ owner: 'team', kind: 'order', name: 'A83', lines: [line(3, 1)], createdBy: ADMIN, costCentreId: 42 })).kind).toBe('added');
      expect((await other.all()).map((row) => row.costCentreId)).toEqual([null, 42]);
    });

    it('keeps the same choices once, and refuses past a screenful', async () => {
      const first = await store.add(product(ANNA, 1));
      const again = await store.add(product(ANNA, 1));
      expect(again).toMatchObject({ kind: 'already', favourite: { id: first.kind === 'added' ? first.favourite.id : -1 } });
      for (let id = 2; id <= MAX_FAVOURITES; id++) expect((await store.add(product(ANNA, id))).kind).toBe('added');
      expect(await store.add(product(ANNA, 99))).toEqual({ kind: 'full', max: MAX_FAVOURITES });
      // Someone else's list is their own.
      expect((await store.add(product(BORIS, 99))).kind).toBe('added');
    });

    it('lists the most used first, then the most recently used, then the oldest', async () => {
      const ids: number[] = [];
      for (const productId of [1, 2, 3]) {
        const added = await store.add(product(ANNA, productId));
        ids.push(added.kind === 'added' ? added.favourite.id : -1);
      }
      await store.markUsed(ids[2]!);
      clock.advance(1000);
      await store.markUsed(ids[1]!);
      await store.markUsed(ids[1]!);
      clock.advance(1000);
      await store.markUsed(ids[0]!);
      const { mine } = await other.menuFor(ANNA);
      expect(mine.map((f) => f.id)).toEqual([ids[1], ids[0], ids[2]]);
      expect(mine[0]).toMatchObject({ uses: 2 });
      expect(mine[1]!.lastUsedAt!.getTime()).toBe(T0 + 2000);
    });

    it("gives team picks to everyone beside each person's own, and keeps them apart", async () => {
      await store.add(product(ANNA, 1));
      const pick = await store.add({ owner: 'team', kind: 'product', name: 'Card 5', lines: [line(5)], createdBy: ADMIN });
      const pickId = pick.kind === 'added' ? pick.favourite.id : -1;
      const anna = await store.menuFor(ANNA);
      expect(anna.mine.map((f) => f.name)).toEqual(['Card 1']);
      expect(anna.picks.map((f) => f.id)).toEqual([pickId]);
      expect((await store.menuFor(BORIS)).picks.map((f) => f.id)).toEqual([pickId]);
      expect(await store.get({ person: ADMIN }, pickId)).toBeNull();
      expect(await store.get('team', pickId)).toMatchObject({ ownerId: null, createdBy: ADMIN });
    });

    it("removes only the owner's favourite, once", async () => {
      const added = await store.add(product(ANNA, 1));
      const id = added.kind === 'added' ? added.favourite.id : -1;
      expect(await store.remove({ person: BORIS }, id)).toBeNull();
      expect(await store.remove('team', id)).toBeNull();
      expect(await store.remove({ person: ANNA }, id)).toMatchObject({ id, name: 'Card 1' });
      expect(await other.remove({ person: ANNA }, id)).toBeNull();
      expect(await store.get({ person: ANNA }, id)).toBeNull();
    });

    it("renames only the owner's favourite", async () => {
      const added = await store.add(product(ANNA, 1));
      const id = added.kind === 'added' ? added.favourite.id : -1;
      expect(await store.rename({ person: BORIS }, id, 'Mine now')).toBeNull();
      expect(await store.rename('team', id, 'Ours now')).toBeNull();
      expect(await store.rename({ person: ANNA }, id, 'نوروز')).toMatchObject({ id, name: 'نوروز' });
      expect((await other.menuFor(ANNA)).mine.map((f) => f.name)).toEqual(['نوروز']);
    });

    it('moves a favourite one place up the list as shown, and keeps that order by hand over later uses', async () => {
      const ids: number[] = [];
      for (const productId of [1, 2, 3]) {
        const added = await store.add(product(ANNA, productId));
        ids.push(added.kind === 'added' ? added.favourite.id : -1);
      }
      await store.markUsed(ids[0]!);
      expect((await store.menuFor(ANNA)).mine.map((f) => f.id)).toEqual([ids[0], ids[1], ids[2]]);
      expect(await store.moveUp({ person: ANNA }, ids[2]!)).toBe(true);
      expect(await store.moveUp({ person: ANNA }, ids[2]!)).toBe(true);
      // Already first, someone else's, or the team's: nothing moves.
      expect(await store.moveUp({ person: ANNA }, ids[2]!)).toBe(false);
      expect(await store.moveUp({ person: BORIS }, ids[1]!)).toBe(false);
      expect(await store.moveUp('team', ids[1]!)).toBe(false);
      await store.markUsed(ids[1]!);
      await store.markUsed(ids[1]!);
      expect((await other.menuFor(ANNA)).mine.map((f) => f.id)).toEqual([ids[2], ids[0], ids[1]]);
      // One starred after the list was ordered by hand comes last.
      const later = await store.add(product(ANNA, 4));
      expect((await other.menuFor(ANNA)).mine.at(-1)?.id).toBe(later.kind === 'added' ? later.favourite.id : -1);
    });

    it('answers every favourite and pick of everyone, for a copy kept in memory', async () => {
      await store.add(product(ANNA, 1));
      await store.add(product(BORIS, 2));
      await store.add({ owner: 'team', kind: 'product', name: 'Card 5', lines: [line(5)], createdBy: ADMIN });
      expect((await other.all()).map((f) => [f.ownerId, f.name])).toEqual([
        [ANNA, 'Card 1'],
        [BORIS, 'Card 2'],
        [null, 'Card 5'],
      ]);
    });

    it('counts two stars at once against one list, and keeps the same choices once', async () => {
      const results = await Promise.all([store.add(product(ANNA, 1)), other.add(product(ANNA, 1))]);
      expect(results.map((r) => r.kind).sort()).toEqual(['added', 'already']);
      expect((await store.menuFor(ANNA)).mine).toHaveLength(1);
    });
  });
}

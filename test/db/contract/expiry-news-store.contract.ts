import { beforeEach, describe, expect, it } from 'vitest';
import type { ExpiryNewsKind, ExpiryNewsStore } from '../../../src/db/expiry-news-store.js';

export const T0 = Date.UTC(2026, 0, 5, 9);

/**
 * `store` and `other`: the same data as two instances see it; `owe`
 * records owed news as an expiry's transaction does.
 */
export interface ExpiryNewsSubject {
  store: ExpiryNewsStore;
  other: ExpiryNewsStore;
  owe(kind: ExpiryNewsKind, subjectId: number): Promise<void>;
}

export function expiryNewsStoreContract(database: string, fresh: () => Promise<ExpiryNewsSubject>): void {
  describe(`expiry news store on ${database}`, () => {
    let subject: ExpiryNewsSubject;
    let store: ExpiryNewsStore;
    let other: ExpiryNewsStore;
    beforeEach(async () => {
      subject = await fresh();
      ({ store, other } = subject);
    });

    it('keeps owed news until done, held by one pass at a time, with the telling remembered across passes', async () => {
      await subject.owe('order', 7);
      await subject.owe('batch', 7);
      const [news] = await store.claim('order', 10);
      expect(news).toMatchObject({ kind: 'order', subjectId: 7, told: false });
      expect(await other.claim('order', 10)).toEqual([]);
      expect(await store.told(news!)).toBe(true);
      await store.release(news!);
      const [again] = await other.claim('order', 10);
      expect(again).toMatchObject({ kind: 'order', subjectId: 7, told: true });
      await other.done(again!);
      expect(await store.owed('order')).toBe(0);
      expect(await store.owed('batch')).toBe(1);
      expect(await store.claim('order', 10)).toEqual([]);
    });

    it('owes a request’s news once, however often its expiry is recorded', async () => {
      await subject.owe('admin', 3);
      await subject.owe('admin', 3);
      expect(await store.owed('admin')).toBe(1);
    });

    it('shares owed news out between two passes at once: each to one of them', async () => {
      for (const id of [1, 2, 3, 4, 5, 6]) await subject.owe('order', id);
      const [mine, theirs] = await Promise.all([store.claim('order', 50), other.claim('order', 50)]);
      const ids = [...mine, ...theirs].map((news) => news.subjectId).sort((a, b) => a - b);
      expect(ids).toEqual([1, 2, 3, 4, 5, 6]);
    });

    it('lets a pass whose hold was given up change nothing afterwards', async () => {
      await subject.owe('batch', 9);
      const [stale] = await store.claim('batch', 10);
      await store.release(stale!);
      const [taken] = await other.claim('batch', 10);
      expect(await store.told(stale!)).toBe(false);
      await store.done(stale!);
      expect(await store.owed('batch')).toBe(1);
      await other.done(taken!);
      expect(await store.owed('batch')).toBe(0);
    });
  });
}

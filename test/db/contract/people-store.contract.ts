import { beforeEach, describe, expect, it } from 'vitest';
import type { PeopleStore, TelegramPerson } from '../../../src/db/people-store.js';

export interface PeopleStoreSubject {
  store: PeopleStore;
  /** A second store over the same table, as after a restart. */
  reopen(): PeopleStore;
  /** Moves the store's clock forward. */
  advance(ms: number): void;
}

const ada: TelegramPerson = { id: 42, first_name: 'Ada', last_name: 'Lovelace', username: 'ada', language_code: 'en' };

/** `fresh` gives a store over an empty people table. */
export function peopleStoreContract(database: string, fresh: () => Promise<PeopleStoreSubject>): void {
  describe(`people store on ${database}`, () => {
    let subject: PeopleStoreSubject;
    let people: PeopleStore;
    beforeEach(async () => {
      subject = await fresh();
      people = subject.store;
    });

    it('keeps what Telegram said about a person', async () => {
      expect(await people.remember(ada)).toBe(true);
      expect(await people.find(42)).toMatchObject({ telegramId: 42, firstName: 'Ada', lastName: 'Lovelace', username: 'ada', languageCode: 'en' });
      expect((await people.find(42))?.updatedAt).toBeInstanceOf(Date);
      expect(await people.find(43)).toBeNull();
    });

    it('writes nothing when the same name comes again, even after a restart', async () => {
      await people.remember(ada);
      expect(await people.remember(ada)).toBe(false);
      expect(await subject.reopen().remember(ada)).toBe(false);
    });

    it('writes a changed name, a dropped @username and a new language', async () => {
      await people.remember(ada);
      subject.advance(1000);
      expect(await people.remember({ id: 42, first_name: 'Augusta', language_code: 'fa' })).toBe(true);
      expect(await people.find(42)).toMatchObject({ firstName: 'Augusta', lastName: null, username: null, languageCode: 'fa' });
    });

    it('keeps Persian names as they were sent, and cuts only very long ones', async () => {
      await people.remember({ id: 7, first_name: 'سارا', last_name: 'احمدی\u200cنژاد' });
      expect(await people.find(7)).toMatchObject({ firstName: 'سارا', lastName: 'احمدی\u200cنژاد' });
      await people.remember({ id: 8, first_name: 'x'.repeat(500) });
      expect((await people.find(8))?.firstName).toHaveLength(128);
    });

    it('finds a person by @username in any case, with or without the @', async () => {
      await people.remember(ada);
      expect((await people.findByUsername('ada'))?.telegramId).toBe(42);
      expect((await people.findByUsername('@ADA'))?.telegramId).toBe(42);
      expect((await people.findByUsername(' @Ada '))?.telegramId).toBe(42);
      expect(await people.findByUsername('bob')).toBeNull();
      expect(await people.findByUsername('@')).toBeNull();
    });

    it('finds by @username the person who holds it now, not one who gave it up', async () => {
      await people.remember({ id: 1, first_name: 'Old', username: 'shared' });
      subject.advance(1000);
      await people.remember({ id: 2, first_name: 'New', username: 'shared' });
      expect((await people.findByUsername('shared'))?.telegramId).toBe(2);
    });

    it('lists everyone seen, by Telegram id, as they were last seen', async () => {
      expect(await people.list()).toEqual([]);
      await people.remember({ id: 50, first_name: 'Zed' });
      await people.remember(ada);
      await people.remember({ id: 50, first_name: 'Zoe', username: 'zoe' });
      expect((await people.list()).map((p) => [p.telegramId, p.firstName, p.username])).toEqual([
        [42, 'Ada', 'ada'],
        [50, 'Zoe', 'zoe'],
      ]);
    });

    it('keeps Telegram ids beyond 32 bits exactly', async () => {
      await people.remember({ id: 7_123_456_789, first_name: 'Big' });
      expect((await people.find(7_123_456_789))?.telegramId).toBe(7_123_456_789);
    });
  });
}

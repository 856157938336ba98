import { describe, expect, it } from 'vitest';
import { createPeopleRepo } from '../../src/db/people-repo.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';

const ada = { id: 1001, first_name: 'Ada', last_name: 'Lovelace', username: 'ada', language_code: 'en' };

describe('people repository', () => {
  it('keeps what Telegram said about a person', () => {
    const people = createPeopleRepo({ db: memoryDb(), clock: createManualClock(1_000) });
    expect(people.remember(ada)).toBe(true);
    expect(people.find(1001)).toEqual({
      telegramId: 1001,
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada',
      languageCode: 'en',
      updatedAt: new Date(1_000),
    });
    expect(people.find(2002)).toBeNull();
  });

  it('writes nothing when the same name comes again, even after a restart', () => {
    const db = memoryDb();
    const clock = createManualClock(1_000);
    createPeopleRepo({ db, clock }).remember(ada);
    clock.advance(60_000);
    const again = createPeopleRepo({ db, clock });
    expect(again.remember(ada)).toBe(false);
    expect(again.remember(ada)).toBe(false);
    expect(again.find(1001)?.updatedAt).toEqual(new Date(1_000));
  });

  it('writes a changed name, a dropped @username and a new language', () => {
    const clock = createManualClock(1_000);
    const people = createPeopleRepo({ db: memoryDb(), clock });
    people.remember(ada);
    clock.advance(1_000);
    expect(people.remember({ id: 1001, first_name: 'Ada K.', language_code: 'fa' })).toBe(true);
    expect(people.find(1001)).toMatchObject({ firstName: 'Ada K.', lastName: null, username: null, languageCode: 'fa', updatedAt: new Date(2_000) });
  });

  it('finds a person by @username in any case, with or without the @', () => {
    const people = createPeopleRepo({ db: memoryDb(), clock: createManualClock(1_000) });
    people.remember(ada);
    expect(people.findByUsername('@ADA')?.telegramId).toBe(1001);
    expect(people.findByUsername('ada')?.telegramId).toBe(1001);
    expect(people.findByUsername('@bob')).toBeNull();
    expect(people.findByUsername('@')).toBeNull();
  });

  it('finds by @username the person who holds it now, not one who gave it up', () => {
    const clock = createManualClock(1_000);
    const people = createPeopleRepo({ db: memoryDb(), clock });
    people.remember({ id: 1, first_name: 'Old', username: 'desk' });
    clock.advance(1_000);
    people.remember({ id: 2, first_name: 'New', username: 'desk' });
    expect(people.findByUsername('desk')?.telegramId).toBe(2);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { createAppStateRepo } from '../../src/db/app-state-repo.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';

describe('app state repository', () => {
  const opened: Db[] = [];
  afterEach(() => opened.splice(0).forEach(closeDb));

  function setup() {
    const db = openDb(':memory:');
    opened.push(db);
    return createAppStateRepo({ db, clock: systemClock });
  }

  it('gives null for a key that was never set', () => {
    expect(setup().get('missing')).toBeNull();
  });

  it('returns the JSON value that was set, replacing an earlier one', () => {
    const state = setup();
    state.set('sync', { at: 1, error: null, tags: ['a', 'ب'] });
    state.set('sync', { at: 2, error: 'ProviderForbiddenError (403)', tags: [] });
    expect(state.get<{ at: number; error: string | null }>('sync')).toEqual({
      at: 2,
      error: 'ProviderForbiddenError (403)',
      tags: [],
    });
  });
});

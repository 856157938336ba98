import { createPeopleStore } from '../../src/db/people-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { peopleStoreContract } from './contract/people-store.contract.js';
import { steppingClock } from './contract/subjects.js';

forEachDatabase(['people'], (label, fresh, another) =>
  peopleStoreContract(label, async () => {
    const clock = steppingClock();
    const store = createPeopleStore({ database: await fresh(), clock });
    return { store, reopen: () => createPeopleStore({ database: another(), clock }), advance: (ms) => clock.advance(ms) };
  }),
);

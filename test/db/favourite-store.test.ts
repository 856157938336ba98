import { createFavouriteStore } from '../../src/db/favourite-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { createManualClock } from '../support/manual-clock.js';
import { favouriteStoreContract, T0 } from './contract/favourite-store.contract.js';

forEachDatabase(['favourites'], (label, fresh, another) =>
  favouriteStoreContract(label, async () => {
    const clock = createManualClock(T0);
    const store = createFavouriteStore({ database: await fresh(), clock });
    return { store, other: createFavouriteStore({ database: another(), clock }), clock };
  }),
);

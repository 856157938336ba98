import { createCardLocations } from '../../src/db/card-locations.js';
import { forEachDatabase } from '../support/each-database.js';
import { createManualClock } from '../support/manual-clock.js';
import { cardLocationsContract, T0 } from './contract/card-locations.contract.js';

forEachDatabase(['card_locations'], (label, fresh, another) =>
  cardLocationsContract(label, async () => {
    const clock = createManualClock(T0);
    const database = await fresh();
    return { store: createCardLocations({ database, clock }), other: createCardLocations({ database: another(), clock }) };
  }),
);

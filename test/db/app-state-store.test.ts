import { systemClock } from '../../src/clock.js';
import { createAppStateStore } from '../../src/db/app-state-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { appStateStoreContract } from './contract/app-state-store.contract.js';

forEachDatabase(['app_state'], (label, fresh) => appStateStoreContract(label, async () => createAppStateStore({ database: await fresh(), clock: systemClock })));

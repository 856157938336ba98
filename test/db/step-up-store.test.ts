import { createStepUpStore } from '../../src/db/step-up-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { createManualClock } from '../support/manual-clock.js';
import { stepUpStoreContract, T0 } from './contract/step-up-store.contract.js';

forEachDatabase(['step_up'], (label, fresh, another) =>
  stepUpStoreContract(label, async () => {
    const clock = createManualClock(T0);
    const store = createStepUpStore({ database: await fresh(), clock });
    return { store, other: createStepUpStore({ database: another(), clock }), clock };
  }),
);

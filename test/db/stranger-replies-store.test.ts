import { createStrangerRepliesStore } from '../../src/db/stranger-replies-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { strangerRepliesStoreContract } from './contract/stranger-replies-store.contract.js';

forEachDatabase(['stranger_replies'], (label, fresh) => strangerRepliesStoreContract(label, async () => createStrangerRepliesStore({ database: await fresh() })));

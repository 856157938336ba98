import { createExpiryNewsStore, oweExpiryNews } from '../../src/db/expiry-news-store.js';
import { leaseTimeFor } from '../../src/db/lease-time.js';
import { forEachDatabase } from '../support/each-database.js';
import { createManualClock } from '../support/manual-clock.js';
import { expiryNewsStoreContract, T0 } from './contract/expiry-news-store.contract.js';

forEachDatabase(['expiry_news'], (label, fresh, another) =>
  expiryNewsStoreContract(label, async () => {
    const clock = createManualClock(T0);
    const database = await fresh();
    const second = another();
    return {
      store: createExpiryNewsStore({ database, clock, leases: leaseTimeFor(database) }),
      other: createExpiryNewsStore({ database: second, clock, leases: leaseTimeFor(second) }),
      owe: (kind, subjectId) => database.transaction((tx) => oweExpiryNews(tx, database.tables, kind, subjectId, new Date(clock.now()))),
    };
  }),
);

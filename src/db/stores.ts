import type { CatalogStore } from '../catalog/catalog-store.js';
import { createSqliteCatalogStore } from '../catalog/catalog-store.js';
import type { Clock } from '../clock.js';
import { createSqliteNotificationStore, type NotificationStore } from '../delivery/notification-store.js';
import type { SettingsStore } from '../settings/settings-store.js';
import { createSqliteSettingsStore } from '../settings/settings-store.js';
import { createSqliteOrderLeaseStore, type OrderLeaseStore } from '../tracking/order-leases.js';
import type { Db } from './open.js';
import { createSqlitePeopleStore, type PeopleStore } from './people-repo.js';
import { createPostgresCatalogStore } from './postgres/catalog-store.js';
import { createPostgresNotificationStore } from './postgres/notification-store.js';
import type { PgDb } from './postgres/open.js';
import { createPostgresOrderLeaseStore } from './postgres/order-lease-store.js';
import { createPostgresPeopleStore } from './postgres/people-store.js';
import { createPostgresSessionStore } from './postgres/session-store.js';
import { createPostgresSettingsStore } from './postgres/settings-store.js';
import { createPostgresStaffStore } from './postgres/staff-store.js';
import { createPostgresStrangerRepliesStore } from './postgres/stranger-replies-store.js';
import { createSqliteSessionStore, type SessionStore } from './session-store.js';
import { createSqliteStaffStore, type StaffStore } from './staff-repo.js';
import { createSqliteStrangerRepliesStore, type StrangerRepliesStore } from './stranger-replies-repo.js';

/**
 * Everything giftdesk keeps, behind asynchronous stores: the one place that
 * knows which database holds it. Every module above the storage layer is
 * given these and never a database handle, so that SQLite and PostgreSQL
 * answer the same calls with the same values.
 */
export interface Stores {
  /** Which database answers: for the effective configuration and the logs only, never for a decision. */
  database: 'sqlite' | 'postgresql';
  staff: StaffStore;
  people: PeopleStore;
  strangerReplies: StrangerRepliesStore;
  settings: SettingsStore;
  catalog: CatalogStore;
  /** Conversation and session state, one JSON value per key. */
  sessions: SessionStore<unknown>;
  /** Following open orders: their leases, the lease holder's writes, the sweep's and reconciliation's reads. */
  orderLeases: OrderLeaseStore;
  /** The notification outbox and its leases. */
  notifications: NotificationStore;
}

export function sqliteStores(deps: { db: Db; clock: Clock }): Stores {
  const { db, clock } = deps;
  return {
    database: 'sqlite',
    staff: createSqliteStaffStore({ db, clock }),
    people: createSqlitePeopleStore({ db, clock }),
    strangerReplies: createSqliteStrangerRepliesStore({ db }),
    settings: createSqliteSettingsStore({ db, clock }),
    catalog: createSqliteCatalogStore({ db, clock }),
    sessions: createSqliteSessionStore({ db, clock }),
    orderLeases: createSqliteOrderLeaseStore({ db }),
    notifications: createSqliteNotificationStore({ db }),
  };
}

export function postgresStores(deps: { db: PgDb; clock: Clock }): Stores {
  const { db, clock } = deps;
  return {
    database: 'postgresql',
    staff: createPostgresStaffStore({ db, clock }),
    people: createPostgresPeopleStore({ db, clock }),
    strangerReplies: createPostgresStrangerRepliesStore({ db }),
    settings: createPostgresSettingsStore({ db, clock }),
    catalog: createPostgresCatalogStore({ db, clock }),
    sessions: createPostgresSessionStore({ db, clock }),
    orderLeases: createPostgresOrderLeaseStore({ db }),
    notifications: createPostgresNotificationStore({ db }),
  };
}

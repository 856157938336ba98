import type { CatalogStore } from '../catalog/catalog-store.js';
import { createSqliteCatalogStore } from '../catalog/catalog-store.js';
import type { Clock } from '../clock.js';
import type { SettingsStore } from '../settings/settings-store.js';
import { createSqliteSettingsStore } from '../settings/settings-store.js';
import type { AuditQueries } from '../reports/audit-queries.js';
import { createSqliteAuditQueries } from '../reports/audit-queries.js';
import type { ReportQueries } from '../reports/report-queries.js';
import { createSqliteReportQueries } from '../reports/report-queries.js';
import { createSqliteAppStateStore, type AppStateStore } from './app-state-repo.js';
import { createSqliteHealthStore, type HealthStore } from './health-store.js';
import type { Db } from './open.js';
import { createSqlitePeopleStore, type PeopleStore } from './people-repo.js';
import { createPostgresAppStateStore } from './postgres/app-state-store.js';
import { createPostgresAuditQueries } from './postgres/audit-queries.js';
import { createPostgresCatalogStore } from './postgres/catalog-store.js';
import type { PgDb } from './postgres/open.js';
import { createPostgresHealthStore } from './postgres/health-store.js';
import { createPostgresPeopleStore } from './postgres/people-store.js';
import { createPostgresReportQueries } from './postgres/report-queries.js';
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
  /** Reports, exports, the digest and the order feed: read only. */
  reports: ReportQueries;
  /** /audit's pages. */
  auditPages: AuditQueries;
  /** The app's own small state (feed cursor, digest day, low-balance state). */
  appState: AppStateStore;
  /** Counts for /healthz, /readyz and /metrics. */
  health: HealthStore;
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
    reports: createSqliteReportQueries({ db }),
    auditPages: createSqliteAuditQueries({ db }),
    appState: createSqliteAppStateStore({ db, clock }),
    health: createSqliteHealthStore({ db }),
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
    reports: createPostgresReportQueries({ db }),
    auditPages: createPostgresAuditQueries({ db }),
    appState: createPostgresAppStateStore({ db, clock }),
    health: createPostgresHealthStore({ db }),
  };
}

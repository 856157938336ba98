import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * change_counters (migration 0004), described for reading only: kept out of
 * schema.ts on purpose, so that drizzle-kit never manages it (only its
 * triggers write it, whoever changes the tables behind the views).
 */
export const changeCounters = pgTable('change_counters', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

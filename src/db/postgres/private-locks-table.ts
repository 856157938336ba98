import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Rows that giftdesk's transactions lock (SELECT … FOR UPDATE) where they
 * once took advisory locks. An advisory lock needs no privilege: any role
 * that can connect could take giftdesk's fixed key and hold it, freezing
 * every order. A row lock needs UPDATE on this table, which only the role
 * that owns it has. One row per lock name; the money lock's row is made by
 * its migration, the others on first use.
 */
export const privateLocks = pgTable('private_locks', {
  name: text('name').primaryKey(),
});

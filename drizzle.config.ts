import { defineConfig } from 'drizzle-kit';

/**
 * One config for both databases: SQLite by default (`npm run db:generate`),
 * PostgreSQL with DRIZZLE_DIALECT=postgresql (`npm run db:generate:pg`).
 * Each dialect has its own schema and its own migrations folder.
 */
const dialect = process.env.DRIZZLE_DIALECT ?? 'sqlite';

export default dialect === 'postgresql'
  ? defineConfig({ dialect: 'postgresql', schema: './src/db/postgres/schema.ts', out: './migrations/postgres' })
  : dialect === 'sqlite'
    ? defineConfig({ dialect: 'sqlite', schema: './src/db/schema.ts', out: './migrations/sqlite' })
    : (() => {
        throw new Error(`DRIZZLE_DIALECT must be sqlite or postgresql, not ${dialect}`);
      })();

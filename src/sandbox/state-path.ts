import { describeTarget } from '../db/postgres/url.js';

/**
 * Where the in-process sandbox keeps its wallet and orders: beside the
 * database, named after it, because the two only make sense together (the
 * database's orders are the sandbox's orders). A new DATABASE_PATH, or a
 * new PostgreSQL database, gets a new sandbox; ':memory:' keeps the sandbox
 * in memory too.
 */
export function sandboxStatePathFor(database: { path: string } | { url: string }): string | null {
  const path = 'url' in database ? postgresStandIn(database.url) : database.path;
  if (path === ':memory:') return null;
  // Two database paths never share a state file: '.provider' in place of '.sqlite', '-provider.sqlite' after any other name.
  if (path.endsWith('.sqlite')) return `${path.slice(0, -'.sqlite'.length)}.provider.sqlite`;
  return `${path}-provider.sqlite`;
}

/** A PostgreSQL database stands in as ./data/<database>.sqlite: each database keeps its own sandbox, as each SQLite file does. */
function postgresStandIn(url: string): string {
  let name = 'postgresql';
  try {
    name = describeTarget(url).database.replace(/[^A-Za-z0-9_.-]/g, '_');
  } catch {
    // A URL pg cannot read fails at start with its own message; the sandbox's file name does not matter then.
  }
  return `./data/${name}.sqlite`;
}

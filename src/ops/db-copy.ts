/**
 * `npm run db:copy -- <postgres url> [--from <sqlite file>]`: copies a
 * stopped giftdesk's SQLite database into an empty PostgreSQL database, in
 * one transaction that commits only when every table's row count and
 * amount sums equal the source's. The source is DATABASE_PATH (and
 * PROVIDER_BASE_URL for its default) from the environment and ./.env, as
 * giftdesk reads it, unless --from names another file. It is only read.
 * In sandbox mode the built-in sandbox's state file beside it is carried
 * to where the PostgreSQL database's sandbox looks for it (./data/<database>.provider.sqlite),
 * so that the rehearsal goes on with the same sandbox: its wallet, its
 * orders and its transaction ids.
 * Exit codes: 0 copied, 2 refused (usage, no source, a running giftdesk
 * holds it, target not empty or not reachable), 1 failed (rolled back).
 */
import { existsSync } from 'node:fs';
import { DEFAULT_DATABASE_PATH, DEFAULT_SANDBOX_DATABASE_PATH } from '../config.js';
import { copyToPostgres, DbCopyError } from '../db/copy-to-postgres.js';
import { maskedUrl } from '../db/postgres/url.js';
import { sandboxStatePathFor } from '../sandbox/state-path.js';

const USAGE = 'usage: npm run db:copy -- <postgres://user:password@host/database> [--from <sqlite file>]   (into an empty database; stop giftdesk first)';

function databasePath(env: NodeJS.ProcessEnv): string {
  const set = env['DATABASE_PATH']?.trim();
  if (set) return set;
  return env['PROVIDER_BASE_URL']?.trim() === 'sandbox' ? DEFAULT_SANDBOX_DATABASE_PATH : DEFAULT_DATABASE_PATH;
}

/** The target URL and the --from path, or null when the arguments do not read. */
function parseArguments(args: readonly string[]): { url: string; from: string | null } | null {
  let url: string | null = null;
  let from: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--from') {
      const next = args[++i];
      if (next === undefined || next === '' || from !== null) return null;
      from = next;
    } else if (arg.startsWith('--from=')) {
      if (from !== null || arg.length === '--from='.length) return null;
      from = arg.slice('--from='.length);
    } else if (/^postgres(ql)?:\/\//i.test(arg) && url === null) {
      url = arg;
    } else {
      return null;
    }
  }
  return url === null ? null : { url, from };
}

async function main(): Promise<number> {
  const parsed = parseArguments(process.argv.slice(2));
  if (!parsed) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (existsSync('.env')) process.loadEnvFile('.env');
  const source = parsed.from ?? databasePath(process.env);
  process.stdout.write(`copying ${source} into ${maskedUrl(parsed.url)}\n`);
  try {
    // A database from sandbox mode has its sandbox's file beside it; a live one has none.
    const sandboxFrom = sandboxStatePathFor({ path: source });
    const sandboxTo = sandboxStatePathFor({ url: parsed.url });
    const sandboxState = sandboxFrom !== null && sandboxTo !== null && existsSync(sandboxFrom) ? { from: sandboxFrom, to: sandboxTo } : undefined;
    const result = await copyToPostgres(source, parsed.url, sandboxState ? { sandboxState } : {});
    const width = Math.max(...result.tables.map((table) => table.table.length));
    for (const table of result.tables) {
      const sums = table.sums.map((sum) => `${sum.column} sum ${sum.total} equal`).join(', ');
      process.stdout.write(`  ${table.table.padEnd(width)}  ${String(table.rows).padStart(8)} rows${sums ? `, ${sums}` : ''}\n`);
    }
    if (result.skipped.length > 0) process.stdout.write(`not copied (SQLite's own search tables; PostgreSQL indexes products.search_text itself): ${result.skipped.join(', ')}\n`);
    const rows = result.tables.reduce((sum, table) => sum + table.rows, 0);
    if (result.sandboxState) {
      process.stdout.write(
        `sandbox: carried its state file ${result.sandboxState.from} to ${result.sandboxState.to}, where giftdesk in sandbox mode on this PostgreSQL database finds it (the same wallet, orders and transaction ids)\n`,
      );
    }
    process.stdout.write(`copied ${rows} rows in ${result.tables.length} tables to ${result.target} in ${result.ms} ms; row counts and amount sums checked before the commit\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof DbCopyError)) {
      // Rolled back all the same; the URL's password is kept out of whatever the driver said.
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      process.stderr.write(`db:copy failed, nothing was committed: ${message.split(parsed.url).join(maskedUrl(parsed.url))}\n`);
      return 1;
    }
    process.stderr.write(`db:copy ${error.refused ? 'refused' : 'failed'}: ${error.message}\n`);
    return error.refused ? 2 : 1;
  }
}

process.exitCode = await main();

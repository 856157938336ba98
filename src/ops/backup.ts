/**
 * `npm run backup -- <file>`: a consistent copy of giftdesk's database,
 * safe while giftdesk runs. Reads DATABASE_PATH (and PROVIDER_BASE_URL for
 * its default) from the environment and ./.env, as giftdesk does. The
 * file's folder is created when it does not exist yet.
 * Exit codes: 0 written, 2 refused (usage, no database, file exists), 1 failed.
 */
import { existsSync } from 'node:fs';
import { BackupError, backupDatabase } from '../db/backup.js';
import { filesPrivateFromNowOn } from '../db/private-file.js';
import { DEFAULT_DATABASE_PATH, DEFAULT_SANDBOX_DATABASE_PATH } from '../config.js';

const USAGE = 'usage: npm run backup -- <file>   (a new file; an existing one is never overwritten)';

function databasePath(env: NodeJS.ProcessEnv): string {
  const set = env['DATABASE_PATH']?.trim();
  if (set) return set;
  return env['PROVIDER_BASE_URL']?.trim() === 'sandbox' ? DEFAULT_SANDBOX_DATABASE_PATH : DEFAULT_DATABASE_PATH;
}

async function main(): Promise<number> {
  // The backup (and a folder made for it) holds what the database holds.
  filesPrivateFromNowOn();
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0] === '' || args[0]!.startsWith('-')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (existsSync('.env')) process.loadEnvFile('.env');
  const source = databasePath(process.env);
  const target = args[0]!;
  const started = performance.now();
  try {
    const result = await backupDatabase(source, target);
    const ms = Math.round(performance.now() - started);
    if (result.createdFolder) process.stdout.write(`created the folder ${result.createdFolder}\n`);
    process.stdout.write(`backed up ${source} to ${target}: ${result.pages} pages, ${(result.bytes / 1_048_576).toFixed(1)} MB, in ${ms} ms\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    process.stderr.write(`backup ${error.refused ? 'refused' : 'failed'}: ${error.message}\n`);
    return error.refused ? 2 : 1;
  }
}

process.exitCode = await main();

/**
 * Standalone sandbox provider for manual runs (`npm run sandbox`). Started
 * only on purpose; nothing falls back to it when the live API is unreachable.
 * It forgets everything when it stops unless SANDBOX_STATE_PATH names a file
 * to keep its wallet and orders in.
 */
import { filesPrivateFromNowOn } from '../db/private-file.js';
import { createLogger } from '../logger.js';
import { hasSandboxFaults, parseSandboxFaults, SandboxFaultsError, type SandboxFaults } from './fault-settings.js';
import { priceControlUrl } from './price-control.js';
import { createSandbox, SandboxStateError, type Sandbox } from './server.js';

// The state file holds the sandbox's orders: the running account's alone.
filesPrivateFromNowOn();
const logger = createLogger({ level: process.env['LOG_LEVEL'] ?? 'info' });
const rawPort = process.env['PORT'];
const port = rawPort === undefined || rawPort === '' ? 8787 : Number(rawPort);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  process.stderr.write(`PORT must be an integer between 0 and 65535, got "${rawPort}"\n`);
  process.exit(1);
}
const apiKey = process.env['SANDBOX_API_KEY'] || undefined;
const statePath = process.env['SANDBOX_STATE_PATH']?.trim() || undefined;
let faults: SandboxFaults;
try {
  faults = parseSandboxFaults(process.env['SANDBOX_FAULTS']);
} catch (error) {
  if (!(error instanceof SandboxFaultsError)) throw error;
  process.stderr.write(`SANDBOX_FAULTS: ${error.message}\n`);
  process.exit(2);
}

let sandbox: Sandbox;
try {
  sandbox = await createSandbox({ port, apiKey, logger, faults, ...(statePath === undefined ? {} : { statePath }) });
} catch (error) {
  if (error instanceof SandboxStateError) {
    process.stderr.write(`SANDBOX_STATE_PATH: ${error.message}; move the file away to start afresh\n`);
    process.exit(2);
  }
  if (!(error instanceof SandboxFaultsError)) throw error;
  process.stderr.write(`SANDBOX_FAULTS: ${error.message}\n`);
  process.exit(2);
}
// Printed on purpose: this key only opens the local emulator.
process.stdout.write(`Sandbox provider listening\n  base URL: ${sandbox.baseUrl}\n  API key:  ${sandbox.apiKey}\n`);
process.stdout.write(`  state:    ${statePath ?? 'in memory (set SANDBOX_STATE_PATH to keep it across restarts)'}\n`);
process.stdout.write(`  prices:   POST {"productId":…,"price":…} to ${priceControlUrl(sandbox.baseUrl)} (from this machine)\n`);
if (hasSandboxFaults(faults)) process.stdout.write(`  faults:   ${process.env['SANDBOX_FAULTS']}\n`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'sandbox stopping');
  await sandbox.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

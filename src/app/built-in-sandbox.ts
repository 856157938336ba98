import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { OrderQueries } from '../db/order-queries.js';
import { SandboxFaultsError } from '../sandbox/fault-settings.js';
import { priceControlUrl } from '../sandbox/price-control.js';
import type { Sandbox } from '../sandbox/server.js';
import { StartupError } from './startup-error.js';

/**
 * The built-in sandbox provider of sandbox mode, on loopback. A fault naming
 * a product the sandbox does not sell is a setting to fix, like any other;
 * so is a state file the sandbox cannot use: it is left alone for the
 * operator (see docs/operations.md, "Sandbox mode").
 */
export async function startBuiltInSandbox(config: Pick<Config, 'sandboxFaults' | 'sandboxStatePath'>, orders: Pick<OrderQueries, 'highestProviderOrderId'>, logger: Logger): Promise<Sandbox> {
  const faults = config.sandboxFaults;
  // The database's orders are the sandbox's: a state file lost or new never numbers an order like one of them.
  const orderIdsAbove = await orders.highestProviderOrderId();
  // The sandbox's server is loaded only in sandbox mode: a live provider's start does without it.
  const { createSandbox, SandboxStateError } = await import('../sandbox/server.js');
  let sandbox: Sandbox;
  try {
    sandbox = await createSandbox({
      logger: logger.child({ component: 'sandbox' }),
      ...(faults ? { faults } : {}),
      ...(config.sandboxStatePath === null ? {} : { statePath: config.sandboxStatePath }),
      ...(orderIdsAbove === null ? {} : { orderIdsAbove }),
    });
  } catch (error) {
    if (error instanceof SandboxStateError && error.held) {
      // Moving the file away would give this instance a sandbox of its own behind the same database.
      throw new StartupError(
        `${error.message}. Another giftdesk in sandbox mode runs its built-in sandbox on it. ` +
          'Several instances must order from one sandbox: run `npm run sandbox` once (SANDBOX_STATE_PATH to keep its wallet) and give every instance ' +
          'PROVIDER_BASE_URL and PROVIDER_API_KEY from what it prints (docs/operations.md: "Rehearsing several instances in sandbox mode"). Do not move the file away.',
        2,
      );
    }
    if (error instanceof SandboxStateError) {
      throw new StartupError(
        `${error.message}. It keeps the sandbox provider's wallet and orders; giftdesk leaves it as it is. ` +
          'To start the sandbox afresh (a full wallet, the old sandbox orders unknown to it, new order numbers above the old ones), move the file away and start again.',
        2,
      );
    }
    if (error instanceof SandboxFaultsError) throw new StartupError(`SANDBOX_FAULTS: ${error.message}`, 2, 'did not start', 'not starting', 'See .env.example for every setting.');
    throw error;
  }
  // priceControl: where to rehearse a price change (docs/operations.md, "Rehearsing trouble").
  logger.warn({ baseUrl: sandbox.baseUrl, priceControl: priceControlUrl(sandbox.baseUrl), statePath: config.sandboxStatePath }, 'SANDBOX MODE: orders go to the built-in sandbox provider; no real money is involved');
  if (faults) logger.warn({ faults }, 'SANDBOX_FAULTS: the sandbox provider makes trouble on purpose');
  return sandbox;
}

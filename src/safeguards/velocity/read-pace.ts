import type { Clock } from '../../clock.js';
import type { ProviderClient } from '../../provider/client.js';
import type { VelocityGuard, VelocityVerdict } from './velocity-guard.js';

/** A provider read refused because the person passed their reads per minute; nothing was sent to the provider. */
export class ReadPaceError extends Error {
  constructor(
    readonly verdict: Extract<VelocityVerdict, { ok: false }>,
    /** Whole seconds until the window frees. */
    readonly secondsLeft: number,
  ) {
    super('too many provider reads by one person this minute');
    this.name = 'ReadPaceError';
  }
}

const READS = ['listCategories', 'listProducts', 'getProduct', 'getOrder', 'listOrders', 'getBalance', 'listTransactions', 'getTransaction'] as const;

/** The provider's reads, which a person's update may make. */
export type ProviderRead = (typeof READS)[number];

/**
 * The provider as the handling of one person's update reads it, the person
 * named by whoever reads: `providerFor(ctx.member.telegramId).getBalance()`.
 * A feature is given this, not the client, so that no read of a person's
 * can be made without saying whose it is.
 */
export type ProviderFor<K extends ProviderRead = ProviderRead> = (personId: number) => Pick<ProviderClient, K>;

/**
 * The provider as the bot's handlers see it: every read made for a
 * person's update counts against that person's reads per minute, so that
 * one chat tapping Refresh in a loop cannot use up the request budget the
 * deliveries need. Background reads (priority 'background') are not
 * counted; placing an order is never refused here (orders have their own
 * limit), and the services' own reads (deliveries, approvals' checks) use
 * the client itself.
 *
 * The person is passed, not carried in an AsyncLocalStorage: on Node 20,
 * one AsyncLocalStorage in use turns on a hook for every promise the
 * process makes (docs/performance.md, "The person named at each read").
 */
export function withReadPace(provider: ProviderClient, guard: Pick<VelocityGuard, 'take'>, clock: Clock): ProviderFor {
  return (personId) => {
    const paced = {} as Record<ProviderRead, unknown>;
    for (const name of READS) {
      const read = (provider[name] as (...args: unknown[]) => Promise<unknown>).bind(provider);
      paced[name] = async (...args: unknown[]) => {
        const options = args.find((arg) => typeof arg === 'object' && arg !== null && 'priority' in arg) as { priority?: string } | undefined;
        if (options?.priority !== 'background') {
          const verdict = await guard.take('reads', personId);
          if (!verdict.ok) throw new ReadPaceError(verdict, Math.max(1, Math.ceil(((verdict.freesAt ?? clock.now()) - clock.now()) / 1000)));
        }
        return read(...args);
      };
    }
    return paced as unknown as Pick<ProviderClient, ProviderRead>;
  };
}

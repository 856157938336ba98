import { AsyncLocalStorage } from 'node:async_hooks';
import type { Clock } from '../../clock.js';
import type { ProviderClient } from '../../provider/client.js';
import type { VelocityGuard, VelocityVerdict } from './velocity-guard.js';

/** The person whose update is being handled: their provider reads count against them. */
const reader = new AsyncLocalStorage<number>();

/** Runs `work` (the rest of an update's handling) with its provider reads counted against `personId`. */
export function readingAs<T>(personId: number, work: () => T): T {
  return reader.run(personId, work);
}

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

/**
 * The provider as the bot's handlers see it: every read made while handling
 * a person's update counts against that person's reads per minute, so that
 * one chat tapping Refresh in a loop cannot use up the request budget the
 * deliveries need. Background reads (priority 'background') and reads made
 * outside any person's update are not counted; placing an order is never
 * refused here (orders have their own limit).
 */
export function withReadPace(provider: ProviderClient, guard: Pick<VelocityGuard, 'take'>, clock: Clock): ProviderClient {
  const paced = { ...provider } as Record<string, unknown>;
  for (const name of READS) {
    const read = (provider[name] as (...args: unknown[]) => Promise<unknown>).bind(provider);
    paced[name] = async (...args: unknown[]) => {
      const personId = reader.getStore();
      const options = args.find((arg) => typeof arg === 'object' && arg !== null && 'priority' in arg) as { priority?: string } | undefined;
      if (personId !== undefined && options?.priority !== 'background') {
        const verdict = await guard.take('reads', personId);
        if (!verdict.ok) throw new ReadPaceError(verdict, Math.max(1, Math.ceil(((verdict.freesAt ?? clock.now()) - clock.now()) / 1000)));
      }
      return read(...args);
    };
  }
  return paced as unknown as ProviderClient;
}

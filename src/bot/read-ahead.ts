import type { Update } from 'grammy/types';
import type { ReadAhead } from '../db/update-queue-store.js';

/**
 * What an update's claim read ahead (ReadAhead), kept beside the update
 * object until its handler takes it: grammY's handleUpdate takes the
 * update alone, and the context it builds holds that same object. Weakly
 * held, so a read nobody takes goes with its update.
 */
const readAheads = new WeakMap<Update, ReadAhead>();

export function offerReadAhead(update: Update, readAhead: ReadAhead): void {
  readAheads.set(update, readAhead);
}

/** The value read ahead for `update` under `key`, once: undefined when none was, or it was of another key. */
export function takeReadAhead(update: Update, key: string): { value: unknown } | undefined {
  const readAhead = readAheads.get(update);
  if (readAhead === undefined) return undefined;
  readAheads.delete(update);
  return readAhead.key === key ? { value: readAhead.value } : undefined;
}

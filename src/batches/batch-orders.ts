import { OPEN_STATES, type OrderRow } from '../db/order-store.js';
import { isFinal } from '../domain/order-lifecycle.js';

/** States of an order that was never sent, or refused: nothing at the provider, and its place in the batch may be tried again. */
const NEVER_PLACED = ['not_placed', 'rejected'] as const;

/**
 * Sent, or maybe sent: its outcome is not known yet, or needs a person. An
 * intent still waiting counts too: it is sent or closed unsent by whoever
 * opened it (or by the repair after a crash), and until then the batch must
 * neither skip its place nor send another order for it.
 */
export const isOpen = (order: Pick<OrderRow, 'state'>): boolean => order.state === 'intent' || (OPEN_STATES as readonly string[]).includes(order.state);

/** An order the provider has (or may have): it holds its place in the batch. */
export const isLive = (order: Pick<OrderRow, 'state'>): boolean => !(NEVER_PLACED as readonly string[]).includes(order.state);

/** The attempts at one place of the batch, oldest first. */
export const ordersAt = <T extends Pick<OrderRow, 'id' | 'batchIndex' | 'state'>>(orders: readonly T[], index: number): T[] =>
  orders.filter((order) => order.batchIndex === index).sort((a, b) => a.id - b.id);

/** Still on its way at the provider, or still being sent or reconciled: the file of codes waits for these. */
const ON_ITS_WAY: readonly string[] = ['intent', 'placing', 'unknown', 'in_progress'];

/**
 * Nothing more will come of the batch's orders without a person: each is
 * final, or waits for someone (action needed at the provider, a state
 * nobody knows, an administrator's review). The file of codes goes out then,
 * listing those with their state; an order of them delivered later is told
 * on its own, as any order.
 */
export const settled = (orders: readonly Pick<OrderRow, 'state'>[]): boolean => orders.every((order) => isFinal(order.state) || !ON_ITS_WAY.includes(order.state));

import { OPEN_STATES, type OrderRow } from '../orders/order-repo.js';
import { isFinal } from '../orders/order-states.js';

/** States of an order that was never sent, or refused: nothing at the provider, and its place in the batch may be tried again. */
const NEVER_PLACED = ['not_placed', 'rejected'] as const;

/** Sent, or maybe sent: its outcome is not known yet, or needs a person. */
export const isOpen = (order: Pick<OrderRow, 'state'>): boolean => (OPEN_STATES as readonly string[]).includes(order.state);

/** An order the provider has (or may have): it holds its place in the batch. */
export const isLive = (order: Pick<OrderRow, 'state'>): boolean => !(NEVER_PLACED as readonly string[]).includes(order.state);

/** The attempts at one place of the batch, oldest first. */
export const ordersAt = <T extends Pick<OrderRow, 'id' | 'batchIndex' | 'state'>>(orders: readonly T[], index: number): T[] =>
  orders.filter((order) => order.batchIndex === index).sort((a, b) => a.id - b.id);

/** Every order the batch placed has reached a final state: nothing more will be delivered. */
export const settled = (orders: readonly Pick<OrderRow, 'state'>[]): boolean => orders.every((order) => !isOpen(order) && (!isLive(order) || isFinal(order.state)));

/** Shapes the sandbox keeps in memory. Wire shapes follow contract.md. */

import type { OrderPlan } from './progression.js';

export interface SandboxCategory {
  id: number;
  title: string;
  parentId: number | null;
}

export interface SandboxField {
  fieldId: number;
  title: string;
  /** 'text' | 'email' | 'phone' | 'number', or any other string (treated as text). */
  type: string;
  required: boolean;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  hint?: string;
}

export interface SandboxRegion {
  regionPropertyId: number;
  title: string;
  price: number;
  stock: number;
}

export interface SandboxProduct {
  id: number;
  title: string;
  description: string | null;
  categoryId: number | null;
  imageUrl: string | null;
  regions: SandboxRegion[];
  requiredFields: SandboxField[];
  /** Final state orders of this product reach unless overridden. */
  outcome: string;
  instructions: string;
}

export interface SandboxCard {
  code: string;
  pin: string;
  serial: string;
  expiresAt: string;
}

export interface SandboxDelivery {
  cards: SandboxCard[];
  instructions: string;
}

export interface SandboxOrderItem {
  id: number;
  productId: number;
  regionPropertyId: number;
  quantity: number;
  unitPrice: number;
  totalAmount: number;
  delivery: SandboxDelivery | null;
}

export interface SubmittedField {
  fieldId: number;
  value: string;
}

export interface SandboxOrder {
  orderId: number;
  orderReference: string;
  amount: number;
  /** State as of the clock's now when the snapshot was taken. */
  status: string;
  createdAt: string;
  createdAtMs: number;
  /** When the order reaches (or reached) its final state, by the sandbox's clock. */
  finalAtMs: number;
  items: SandboxOrderItem[];
  requiredFields: Record<string, SubmittedField[]>;
  /** True once the amount has been credited back. */
  refunded: boolean;
}

/** An order as the sandbox keeps it (and its state file stores it); SandboxOrder is its view at a moment. */
export interface StoredOrder {
  orderId: number;
  orderReference: string;
  amount: number;
  createdAtMs: number;
  items: SandboxOrderItem[];
  requiredFields: Record<string, SubmittedField[]>;
  /** Set once the order has reached its final state; never changes after. */
  finalState: string | null;
  refunded: boolean;
  /**
   * When a FAILED or CANCELLED order's refund is due, while the late-refund
   * fault holds it back; null when the refund landed with the final state
   * (or there is none).
   */
  refundDueAtMs: number | null;
  /** Its own course when a planner was set at its creation; the shared timing otherwise. */
  plan: OrderPlan | null;
}

export interface SandboxTransaction {
  id: number;
  type: 'DEBIT' | 'CREDIT';
  amount: number;
  balanceAfter: number;
  orderId: number | null;
  description: string;
  createdAt: string;
}

/**
 * A debit that took the money but is missing from the transaction list (the
 * dropped-debit fault). Kept, so that the balance it lowered survives a
 * restart and the wallet still equals the sum of everything it went through.
 */
export interface UnlistedDebit {
  /** The listed transaction it came after; 0 when it came before any. */
  afterTransactionId: number;
  orderId: number;
  amount: number;
  balanceAfter: number;
  createdAt: string;
}

export interface RegionStock {
  regionPropertyId: number;
  stock: number;
}

/** What the sandbox must not forget across a restart, as a state file hands it back. */
export interface SavedSandboxState {
  /** Oldest first. */
  orders: StoredOrder[];
  /** Oldest first; the last one's balanceAfter is the wallet. */
  transactions: SandboxTransaction[];
  /** Oldest first. */
  unlistedDebits: UnlistedDebit[];
  stock: RegionStock[];
  /** The next order id to give out; null when none was ever given out. */
  nextOrderId: number | null;
}

/** One step of the store: orders and transactions new or changed, stock now, the sequence after it. */
export interface StateChange {
  orders?: StoredOrder[];
  transactions?: SandboxTransaction[];
  unlistedDebits?: UnlistedDebit[];
  stock?: RegionStock[];
  nextOrderId?: number;
}

/** Writes one step whole or not at all; throws when it could not, and then nothing was written. */
export type SaveState = (change: StateChange) => void;

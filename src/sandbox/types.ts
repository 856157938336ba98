/** Shapes the sandbox keeps in memory. Wire shapes follow contract.md. */

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

export interface SandboxTransaction {
  id: number;
  type: 'DEBIT' | 'CREDIT';
  amount: number;
  balanceAfter: number;
  orderId: number | null;
  description: string;
  createdAt: string;
}

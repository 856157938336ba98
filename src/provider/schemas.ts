/**
 * Every assumption about the provider's payloads, in one place. The spec
 * leaves most shapes "not shown"; ../../../shared/provider-api/contract.md
 * fixes the working guesses, and a live capture corrects them here.
 *
 * Tolerance rules: unknown extra fields pass through (z.looseObject); an
 * optional field that is missing or null becomes null; a documented field
 * that is missing or of the wrong type fails with its path. Numeric strings
 * are accepted for integers (ids, amounts) only when they are exact integers.
 */
import { z } from 'zod';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

// Exact integers only: '1250000' and '1250000.00' are read, '12.5' and '1e3' are not.
const INTEGER_TEXT = /^-?\d{1,15}(\.0+)?$/;

const fromText = (value: unknown): unknown =>
  typeof value === 'string' && INTEGER_TEXT.test(value.trim()) ? Number(value.trim()) : value;

/** An integer that may arrive as a numeric string. */
const integer = z.preprocess(fromText, z.int());

/**
 * Prices, stock, amounts and balances: below zero is a bad answer, never a
 * number to show. A negative price would be offered as a negative total and
 * then charged at the real one. A negative wallet balance is refused too: the
 * spec knows no credit line (an order is deducted from the wallet), so it can
 * only be a broken answer, and the summary must not reason from it.
 */
const quantityOrAmount = z.preprocess(fromText, z.int().min(0, { error: 'must not be negative' }));

/** Missing or null becomes null; present with the wrong type still fails. */
function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value): z.output<T> | null => value ?? null);
}

// Some providers send 0/1 for flags; nothing else is guessed.
const flag = z.union([z.boolean(), z.literal(0).transform(() => false), z.literal(1).transform(() => true)]);

const jsonValue = z.json() as z.ZodType<JsonValue>;

/**
 * Limits the spec leaves "not shown", as contract.md assumes them (and the
 * sandbox enforces them by default). The provider's own answer still decides.
 */
export const CONTRACT_LIMITS = {
  maxQuantityPerItem: 10,
  maxItemsPerOrder: 5,
  maxPageSize: 50,
  requestsPerSecond: 10,
} as const;

// ---- Envelope ------------------------------------------------------------

/** {status, code, message, data} on success; `meta` is never relied on. */
export const envelopeSchema = z.looseObject({
  // JSON has no undefined: `data === undefined` after parsing means the key was absent.
  data: z.unknown().optional(),
  meta: z
    .looseObject({ page: optional(integer), pageSize: optional(integer), total: optional(integer) })
    .nullish()
    .catch(null),
});

/** The provider's own message from a success or error envelope, when it is text. */
export function envelopeMessage(body: unknown): string | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const message = (body as Record<string, unknown>)['message'];
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

// ---- Catalog -------------------------------------------------------------

export interface Category {
  id: number;
  title: string;
  parentId: number | null;
}

export const categorySchema: z.ZodType<Category> = z.looseObject({
  id: integer,
  title: z.string(),
  parentId: optional(integer),
});

export interface ProductSummary {
  id: number;
  title: string;
  categoryId: number | null;
  imageUrl: string | null;
  isAvailable: boolean | null;
}

export const productSummarySchema: z.ZodType<ProductSummary> = z.looseObject({
  id: integer,
  title: z.string(),
  categoryId: optional(integer),
  imageUrl: optional(z.string()),
  isAvailable: optional(flag),
});

export interface RegionProperty {
  regionPropertyId: number;
  title: string | null;
  price: number;
  stock: number;
}

const regionPropertySchema: z.ZodType<RegionProperty> = z.looseObject({
  regionPropertyId: integer,
  title: optional(z.string()),
  price: quantityOrAmount,
  stock: quantityOrAmount,
});

export const REQUIRED_FIELD_TYPES = ['text', 'email', 'phone', 'number'] as const;
export type RequiredFieldType = (typeof REQUIRED_FIELD_TYPES)[number];

function fieldType(value: string | null | undefined): RequiredFieldType {
  const normalised = value?.trim().toLowerCase();
  return (REQUIRED_FIELD_TYPES as readonly string[]).includes(normalised ?? '')
    ? (normalised as RequiredFieldType)
    : 'text';
}

export interface RequiredField {
  fieldId: number;
  title: string;
  /** An unknown or missing type is treated as free text. */
  type: RequiredFieldType;
  required: boolean;
  pattern: string | null;
  minLength: number | null;
  maxLength: number | null;
  hint: string | null;
}

const requiredFieldSchema: z.ZodType<RequiredField> = z.looseObject({
  fieldId: integer,
  title: z.string(),
  type: z.string().nullish().transform(fieldType),
  // Asking for a value the provider did not need is harmless; skipping one it needs is not.
  required: flag.nullish().transform((value) => value ?? true),
  pattern: optional(z.string()),
  minLength: optional(integer),
  maxLength: optional(integer),
  hint: optional(z.string()),
});

export interface ProductDetail {
  id: number;
  title: string;
  description: string | null;
  categoryId: number | null;
  regionProperties: RegionProperty[];
  requiredFields: RequiredField[];
}

export const productDetailSchema: z.ZodType<ProductDetail> = z.looseObject({
  id: integer,
  title: z.string(),
  description: optional(z.string()),
  categoryId: optional(integer),
  regionProperties: z.array(regionPropertySchema),
  // A product without inputs may omit the list; the provider still rejects an order that lacks one.
  requiredFields: z
    .array(requiredFieldSchema)
    .nullish()
    .transform((value) => value ?? []),
});

// ---- Orders --------------------------------------------------------------

export interface PlaceOrderBody {
  products: { productId: number; regionPropertyId: number; quantity: number }[];
  /** Keys are product ids written as strings. */
  requiredFields?: Record<string, { fieldId: number; value: string }[]>;
}

/** Our own request, checked before anything is sent: a bad body is a bug, not a provider answer. */
export const placeOrderBodySchema: z.ZodType<PlaceOrderBody> = z.strictObject({
  products: z
    .array(
      z.strictObject({
        productId: z.int().positive(),
        regionPropertyId: z.int().positive(),
        quantity: z.int().positive(),
      }),
    )
    .min(1),
  requiredFields: z
    .record(z.string().regex(/^\d+$/), z.array(z.strictObject({ fieldId: z.int(), value: z.string() })))
    .optional(),
});

export interface PlacedOrderItem {
  id: number;
  productId: number;
  quantity: number;
  totalAmount: number;
}

export interface PlacedOrder {
  orderId: number;
  orderReference: string;
  amount: number;
  status: string;
  items: PlacedOrderItem[];
}

export const placedOrderSchema: z.ZodType<PlacedOrder> = z.looseObject({
  orderId: integer,
  orderReference: z.string().min(1),
  amount: quantityOrAmount,
  status: z.string(),
  items: z.array(
    z.looseObject({
      id: integer,
      productId: integer,
      quantity: quantityOrAmount,
      totalAmount: quantityOrAmount,
    }),
  ),
});

export interface OrderItem {
  id: number;
  productId: number;
  regionPropertyId: number | null;
  quantity: number;
  totalAmount: number;
  /** Whatever the provider sends once the order is COMPLETED; its shape is not shown by the spec. */
  delivery: JsonValue | null;
}

const orderItemSchema: z.ZodType<OrderItem> = z.looseObject({
  id: integer,
  productId: integer,
  regionPropertyId: optional(integer),
  quantity: quantityOrAmount,
  totalAmount: quantityOrAmount,
  delivery: optional(jsonValue),
});

export interface OrderDetail {
  orderId: number;
  orderReference: string;
  amount: number;
  /** Unknown state names are kept as they are, never an error. */
  status: string;
  createdAt: string | null;
  items: OrderItem[];
}

export const orderDetailSchema: z.ZodType<OrderDetail> = z.looseObject({
  orderId: integer,
  orderReference: z.string().min(1),
  amount: quantityOrAmount,
  status: z.string(),
  createdAt: optional(z.string()),
  items: z.array(orderItemSchema),
});

export interface OrderListEntry {
  orderId: number;
  orderReference: string;
  amount: number;
  status: string;
  createdAt: string | null;
}

export const orderListEntrySchema: z.ZodType<OrderListEntry> = z.looseObject({
  orderId: integer,
  orderReference: z.string().min(1),
  amount: quantityOrAmount,
  status: z.string(),
  createdAt: optional(z.string()),
});

// ---- Wallet --------------------------------------------------------------

export interface Balance {
  balance: number;
}

export const balanceSchema: z.ZodType<Balance> = z.looseObject({ balance: quantityOrAmount });

export interface Transaction {
  id: number;
  /** 'DEBIT' or 'CREDIT' as far as is known; other values are kept. */
  type: string;
  amount: number;
  balanceAfter: number | null;
  /** Null for top-ups. */
  orderId: number | null;
  description: string | null;
  createdAt: string | null;
}

export const transactionSchema: z.ZodType<Transaction> = z.looseObject({
  id: integer,
  type: z.string(),
  amount: quantityOrAmount,
  balanceAfter: optional(quantityOrAmount),
  orderId: optional(integer),
  description: optional(z.string()),
  createdAt: optional(z.string()),
});

// ---- Paging --------------------------------------------------------------

export interface Page<T> {
  items: T[];
  /** The page that was asked for, starting at 1. */
  page: number;
  /**
   * The page size asked for, lowered to the provider's `meta.pageSize` when
   * it reports a smaller one. The size actually served may still be lower:
   * callers follow pages rather than trusting it.
   */
  pageSize: number;
}

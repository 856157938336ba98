import { MESSAGES } from './envelope.js';
import type { SandboxField, SandboxProduct, SandboxRegion, SubmittedField } from './types.js';

export interface OrderLine {
  product: SandboxProduct;
  region: SandboxRegion;
  quantity: number;
}

export interface ValidOrder {
  lines: OrderLine[];
  requiredFields: Record<string, SubmittedField[]>;
  amount: number;
}

type ValidationResult = { ok: true; order: ValidOrder } | { ok: false; status: 400 | 404 | 409 | 422; message: string };

interface ValidationContext {
  products: ReadonlyMap<number, SandboxProduct>;
  balance: number;
  maxQuantity: number;
  maxItemsPerOrder: number;
}

class Rejection extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 422,
    message: string,
  ) {
    super(message);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function requireInteger(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new Rejection(400, `فیلد ${name} باید عدد صحیح باشد`);
  }
  return value;
}

function parseRequiredFields(raw: unknown): Record<string, SubmittedField[]> {
  if (raw === undefined || raw === null) return {};
  if (!isRecord(raw)) throw new Rejection(400, 'فیلد requiredFields باید یک شیء باشد');
  const out: Record<string, SubmittedField[]> = {};
  for (const [key, entries] of Object.entries(raw)) {
    if (!Array.isArray(entries)) throw new Rejection(400, `requiredFields.${key} باید آرایه باشد`);
    out[key] = entries.map((entry, index) => {
      if (!isRecord(entry)) throw new Rejection(400, `requiredFields.${key}[${index}] باید یک شیء باشد`);
      const fieldId = requireInteger(entry['fieldId'], `requiredFields.${key}[${index}].fieldId`);
      if (typeof entry['value'] !== 'string') {
        throw new Rejection(400, `فیلد requiredFields.${key}[${index}].value باید رشته باشد`);
      }
      return { fieldId, value: entry['value'] };
    });
  }
  return out;
}

const TYPE_CHECKS: Record<string, RegExp> = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  phone: /^\+?[0-9]{7,15}$/,
  number: /^-?[0-9]+(\.[0-9]+)?$/,
};

function fieldValueProblem(field: SandboxField, value: string): string | null {
  const invalid = `مقدار فیلد «${field.title}» معتبر نیست` + (field.hint ? ` (${field.hint})` : '');
  if (value.trim() === '') return `فیلد «${field.title}» الزامی است`;
  const typeCheck = TYPE_CHECKS[field.type];
  if (typeCheck && !typeCheck.test(value)) return invalid;
  if (field.pattern !== undefined && !new RegExp(field.pattern).test(value)) return invalid;
  if (field.minLength !== undefined && value.length < field.minLength) {
    return `فیلد «${field.title}» باید دست‌کم ${field.minLength} نویسه باشد`;
  }
  if (field.maxLength !== undefined && value.length > field.maxLength) {
    return `فیلد «${field.title}» حداکثر ${field.maxLength} نویسه است`;
  }
  return null;
}

function checkFields(product: SandboxProduct, submitted: SubmittedField[]): void {
  for (const entry of submitted) {
    if (!product.requiredFields.some((f) => f.fieldId === entry.fieldId)) {
      throw new Rejection(422, `فیلد با شناسه ${entry.fieldId} برای محصول ${product.id} تعریف نشده است`);
    }
  }
  for (const field of product.requiredFields) {
    const entry = submitted.find((e) => e.fieldId === field.fieldId);
    if (!entry) {
      if (field.required) throw new Rejection(422, `فیلد «${field.title}» الزامی است`);
      continue;
    }
    if (!field.required && entry.value === '') continue;
    const problem = fieldValueProblem(field, entry.value);
    if (problem) throw new Rejection(422, problem);
  }
}

function parseLines(raw: unknown, ctx: ValidationContext): OrderLine[] {
  if (!Array.isArray(raw)) throw new Rejection(400, 'فیلد products باید آرایه باشد');
  if (raw.length === 0) throw new Rejection(422, 'سفارش باید دست‌کم یک محصول داشته باشد');
  if (raw.length > ctx.maxItemsPerOrder) {
    throw new Rejection(422, `هر سفارش حداکثر ${ctx.maxItemsPerOrder} قلم می‌تواند داشته باشد`);
  }
  const shaped = raw.map((entry, index) => {
    if (!isRecord(entry)) throw new Rejection(400, `products[${index}] باید یک شیء باشد`);
    const productId = requireInteger(entry['productId'], `products[${index}].productId`);
    const regionPropertyId = requireInteger(entry['regionPropertyId'], `products[${index}].regionPropertyId`);
    const quantity = entry['quantity'];
    if (typeof quantity !== 'number') throw new Rejection(400, `فیلد products[${index}].quantity باید عدد باشد`);
    return { productId, regionPropertyId, quantity };
  });
  const lines = shaped.map(({ productId, regionPropertyId, quantity }) => {
    const product = ctx.products.get(productId);
    if (!product) throw new Rejection(404, `${MESSAGES.productNotFound} (شناسه ${productId})`);
    const region = product.regions.find((r) => r.regionPropertyId === regionPropertyId);
    if (!region) throw new Rejection(422, `منطقه ${regionPropertyId} متعلق به محصول ${productId} نیست`);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > ctx.maxQuantity) {
      throw new Rejection(422, `تعداد باید عددی صحیح بین 1 و ${ctx.maxQuantity} باشد`);
    }
    return { product, region, quantity };
  });
  checkDistinctProducts(lines);
  return lines;
}

/** `requiredFields` is keyed by product id, so a product can appear only once in an order. */
function checkDistinctProducts(lines: OrderLine[]): void {
  const seen = new Set<number>();
  for (const { product } of lines) {
    if (seen.has(product.id)) {
      throw new Rejection(422, `محصول ${product.id} بیش از یک بار در سفارش آمده است؛ هر محصول را یک بار و با تعداد لازم بفرستید`);
    }
    seen.add(product.id);
  }
}

/** Answers for a product that is not in the order are refused, not ignored. */
function checkFieldKeys(lines: OrderLine[], requiredFields: Record<string, SubmittedField[]>): void {
  const ordered = new Set(lines.map((line) => String(line.product.id)));
  for (const key of Object.keys(requiredFields)) {
    if (!ordered.has(key)) throw new Rejection(422, `فیلدهای requiredFields.${key} مربوط به محصولی است که در این سفارش نیست`);
  }
}

function checkStock(lines: OrderLine[]): void {
  const wanted = new Map<SandboxRegion, number>();
  for (const line of lines) wanted.set(line.region, (wanted.get(line.region) ?? 0) + line.quantity);
  for (const [region, quantity] of wanted) {
    if (quantity > region.stock) throw new Rejection(409, `${MESSAGES.insufficientStock} (موجود: ${region.stock})`);
  }
}

/** Every check an order must pass, in the order the provider would apply them; no effect on anything. */
export function validateOrder(body: unknown, ctx: ValidationContext): ValidationResult {
  try {
    if (!isRecord(body)) throw new Rejection(400, 'بدنه درخواست باید یک شیء JSON باشد');
    const lines = parseLines(body['products'], ctx);
    const requiredFields = parseRequiredFields(body['requiredFields']);
    checkStock(lines);
    checkFieldKeys(lines, requiredFields);
    for (const { product } of lines) checkFields(product, requiredFields[String(product.id)] ?? []);
    const amount = lines.reduce((sum, l) => sum + l.region.price * l.quantity, 0);
    if (amount > ctx.balance) throw new Rejection(422, MESSAGES.insufficientBalance);
    return { ok: true, order: { lines, requiredFields, amount } };
  } catch (error) {
    if (error instanceof Rejection) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
}

/** Response bodies as contract.md fixes them, and the Persian texts they carry. */

export const MESSAGES = {
  ok: 'عملیات با موفقیت انجام شد',
  orderCreated: 'سفارش با موفقیت ثبت شد',
  badJson: 'بدنه درخواست JSON معتبر نیست',
  bodyTooLarge: 'حجم بدنه درخواست بیش از حد مجاز است',
  unauthorized: 'کلید API نامعتبر است یا ارسال نشده است',
  forbidden: 'دسترسی این کلید API مجاز نیست یا IP شما در فهرست مجاز قرار ندارد',
  notFound: 'مسیر درخواستی یافت نشد',
  methodNotAllowed: 'این روش درخواست برای این مسیر پشتیبانی نمی‌شود',
  productNotFound: 'محصول یافت نشد',
  orderNotFound: 'سفارش یافت نشد',
  transactionNotFound: 'تراکنش یافت نشد',
  rateLimited: 'تعداد درخواست‌ها بیش از حد مجاز است؛ لطفاً کمی بعد دوباره تلاش کنید',
  serverError: 'خطای داخلی سرور؛ لطفاً بعداً تلاش کنید',
  insufficientBalance: 'موجودی کیف پول کافی نیست',
  insufficientStock: 'موجودی انبار این محصول کافی نیست',
} as const;

export interface PageMeta {
  page: number;
  pageSize: number;
  total: number;
}

export function successBody(data: unknown, message: string = MESSAGES.ok, meta?: PageMeta): Record<string, unknown> {
  const body: Record<string, unknown> = { status: 'success', code: 200, message, data };
  if (meta) body['meta'] = meta;
  return body;
}

export function errorBody(code: number, message: string): Record<string, unknown> {
  return { status: 'error', code, message, data: null };
}

/**
 * Adds unknown fields to every object, nested ones included, so that client
 * parsers are proven tolerant of whatever the live provider adds later.
 */
export function withExtraFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withExtraFields);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = withExtraFields(inner);
    out['x_sandbox_extra'] = 'unexpected';
    out['legacyFlags'] = { beta: true, tags: ['a', 'b'] };
    return out;
  }
  return value;
}

export const BAD_GATEWAY_HTML =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head>' +
  '<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n';

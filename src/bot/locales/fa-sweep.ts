/** Persian messages of the order-history sweep (Fluent). */
export const faSweep = `
alert-order-not-found = ناشناخته نزد تأمین‌کننده: برای { $order } { $misses } بار پشت سر هم پاسخ «پیدا نشد» آمد. از تأمین‌کننده بپرسید که آیا این سفارش وجود دارد؛ تا آن موقع فقط هر چند دقیقه یک بار بررسی می‌شود و چیزی دوباره ارسال نمی‌شود.
`;

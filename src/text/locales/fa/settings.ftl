### پیام‌های فارسی /settings (Fluent).

settings-title = تنظیماتی که می‌توانید در همین گفتگو تغییر دهید:
settings-line = • { $label }: { $value }
settings-how = { "  " }{ $how }
settings-off = خاموش
settings-none = هنوز هیچ تنظیمی را نمی‌شود در گفتگو تغییر داد.
settings-spending-order = سقف تیم برای هر سفارش
settings-spending-day = سقف روزانهٔ تیم
settings-spending-month = سقف ماهانهٔ تیم
settings-spending-approval = سفارش‌های بیشتر از این مبلغ باید تأیید شوند
settings-spending-how = تغییر با /limits default { $kind } <مبلغ|off>؛ برای هر نفر با /limits <شناسه> { $kind } …
settings-low-balance = آستانهٔ هشدار کمبود موجودی
settings-low-balance-how = تغییر با /lowbalance <مبلغ|off>
settings-codes-removal = برداشتن کدها از گفتگو پس از
settings-codes-removal-how = تغییر با /retention codes <ساعت|off>
settings-answers-kept = نگه‌داشتن پاسخ‌های مشتری
settings-answers-kept-how = تغییر با /retention answers <روز|off>

### پیام‌های فارسی /settings (Fluent).

settings-title = تنظیم‌هایی که از گفتگو تغییر می‌کنند:
settings-line = • { $label }: { $value }
settings-how = { "  " }{ $how }
settings-off = خاموش
settings-none = هنوز هیچ تنظیمی از گفتگو تغییر نمی‌کند.
settings-spending-order = سقف هر سفارش برای تیم
settings-spending-day = سقف روزانهٔ تیم
settings-spending-month = سقف ماهانهٔ تیم
settings-spending-approval = سفارش‌های بیشتر از این مبلغ تأیید می‌خواهند
settings-spending-how = تغییر با /limits default { $kind } <مبلغ|off>؛ برای هر نفر با /limits <شناسه> { $kind } …
settings-low-balance = هشدار کم شدن موجودی از
settings-low-balance-how = تغییر با /lowbalance <مبلغ|off>

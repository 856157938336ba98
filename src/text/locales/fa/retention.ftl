### پیام‌های فارسی برای ماندن کدها در گفتگو و نگه‌داشتن پاسخ‌ها (Fluent).

codes-removed-line = کدهای سفارش { $order } پس از { $hours } ساعت از این گفتگو برداشته شد. با /track { $order } دوباره نمایش داده می‌شوند.
retention-usage =
    /retention codes <ساعت|off>: کدهای تحویل‌شده پس از این چند ساعت از گفتگوها برداشته شوند (۱ تا { $maxHours })؛ به جایشان یک خط می‌گوید چطور دوباره ببینیدشان
    /retention answers <روز|off>: پاسخ‌های مشتری (ایمیل، شماره تلفن، شناسه بازیکن) این چند روز پس از بسته‌شدن سفارش پاک شوند (۱ تا { $maxDays })؛ خود سفارش و مبلغ‌هایش می‌مانند
retention-codes-set = کدها { $hours } ساعت پس از ارسال از گفتگوها برداشته می‌شوند.
retention-codes-off = کدها در گفتگوها می‌مانند (برداشتن خاموش است).
retention-answers-set = پاسخ‌های مشتری { $days } روز پس از بسته‌شدن سفارش پاک می‌شوند.
retention-answers-off = پاسخ‌های مشتری همیشه نگه داشته می‌شوند.
retention-bad-value = «{ $value }» عددی درست از ۱ تا { $max } یا off نیست.
retention-hours = { $hours } ساعت
retention-days = { $days } روز
retention-forever = همیشه نگه داشته می‌شود
answer-erased = پس از { $days } روز پاک شد
track-answers-hidden = پاسخ‌های مشتری فقط به سفارش‌دهنده و مدیران نشان داده می‌شود.

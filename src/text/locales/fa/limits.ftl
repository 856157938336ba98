### پیام‌های فارسی سقف خرید (Fluent): سطرهای سقف در خلاصهٔ سفارش، /limits و /settings.

summary-over-limit-order = این سفارش از سقف هر سفارش شما بیشتر است: هر سفارش حداکثر { $cap } می‌تواند باشد.
summary-over-limit-day = این سفارش از سقف روزانهٔ شما ({ $cap }) بیشتر است: امروز { $left } باقی مانده است.
summary-over-limit-month = این سفارش از سقف ماهانهٔ شما ({ $cap }) بیشتر است: این ماه { $left } باقی مانده است.
summary-over-limit-hint = تعداد را کمتر کنید یا از یکی از مدیران بخواهید سقف شما را تغییر دهد.
order-limit-reached-meanwhile = سقف‌های خرید شما هنگام تأیید دوباره بررسی شد و این سفارش دیگر در آن‌ها جا نمی‌شود. چیزی ارسال یا کسر نشد.

limits-kind-order = هر سفارش
limits-kind-day = روزانه
limits-kind-month = ماهانه
limits-kind-approval = نیاز به تأیید برای بیش از
limits-no-limit = بدون سقف
limits-no-approval = لازم نیست
limits-title = سقف‌های خرید
limits-defaults-title = پیش‌فرض تیم (برای هر کسی که مقدار جداگانه ندارد):
limits-line = • { $kind }: { $value }
limits-own-title = مقدارهای جداگانهٔ افراد:
limits-own-none = هیچ‌کس مقدار جداگانه ندارد.
limits-own-line = • { $person }: { $values }
limits-own-value = { $kind } { $value }
limits-person-title = سقف‌های خرید { $person }:
limits-person-line = • { $kind }: { $value }{ $source }
limits-source-default = { " " }(پیش‌فرض تیم)
limits-source-own = { " " }(مقدار جداگانه)
limits-person-spent = حساب‌شده امروز: { $day }. حساب‌شده این ماه: { $month }.
limits-usage =
    /limits: پیش‌فرض‌های تیم و مقدارهای جداگانهٔ همه
    /limits <شناسه>: سقف‌های یک نفر و خرج او
    /limits default <نوع> <مبلغ|off>: پیش‌فرض تیم
    /limits <شناسه> <نوع> <مبلغ|off|default>: مقدار جداگانهٔ یک نفر؛ off یعنی برای او سقفی نیست و default او را به پیش‌فرض تیم برمی‌گرداند
    نوع‌ها: order (هر سفارش)، day (روزانه)، month (ماهانه)، approval (نیاز به تأیید). مثال: /limits default day 10,000,000
limits-bad-kind = «{ $value }» نوع سقف نیست. یکی از order، day، month یا approval را بنویسید.
limits-bad-amount = «{ $value }» مبلغ نیست. یک عدد صحیح بنویسید (رقم فارسی و جداکنندهٔ هزارگان هم پذیرفته می‌شود)، یا off برای بدون سقف{ $orDefault }.
limits-or-default = ، یا default برای پیش‌فرض تیم
limits-bad-person = «{ $value }» شناسهٔ عددی تلگرام نیست.
limits-unknown-username = هنوز نمی‌دانم { $value } چه کسی است. شناسهٔ عددی او را بنویسید (در /staff).
limits-not-staff = { $value } در فهرست کارکنان نیست. اول با /staff اضافه‌اش کنید.
limits-default-set = پیش‌فرض تیم، { $kind }: { $value }.
limits-person-set = { $person }، { $kind }: { $value }.
limits-person-follows-default = { $person }، { $kind }: دوباره پیش‌فرض تیم ({ $value }).
limits-unchanged = چیزی تغییر نکرد: مقدار همین است.
help-admin-limits =
    /limits: سقف خرید برای هر سفارش، هر روز و هر ماه، برای کل تیم یا هر نفر
    /lowbalance <مبلغ|off>: خبر دادن به مدیران وقتی موجودی کیف پول کم می‌شود
    /settings: همهٔ تنظیم‌هایی که از گفتگو تغییر می‌کنند

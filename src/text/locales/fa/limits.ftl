### پیام‌های فارسی سقف خرید (Fluent): سطرهای سقف در خلاصهٔ سفارش، /limits و /settings.

summary-over-limit-order = این سفارش از سقف هر سفارش شما بیشتر است: هر سفارش حداکثر می‌تواند { $cap } باشد.
summary-over-limit-day = این سفارش از سقف روزانهٔ شما ({ $cap }) بیشتر است: امروز { $left } باقی مانده است.
summary-over-limit-month = این سفارش از سقف ماهانهٔ شما ({ $cap }) بیشتر است: این ماه { $left } باقی مانده است.
summary-over-limit-hint = تعداد را کمتر کنید یا از یکی از مدیران بخواهید سقف شما را تغییر دهد.
summary-limit-used-order = حتی یک عدد از این محصول از سقف هر سفارش شما ({ $cap }) گران‌تر است.
summary-limit-used-day =
    { $rest ->
        [none] سقف روزانهٔ شما ({ $cap }) برای امروز پر شده است.
       *[some] سقف روزانهٔ شما ({ $cap }) برای امروز پر شده است: { $left } باقی‌مانده حتی برای یک عدد هم کافی نیست.
    }
summary-limit-used-month =
    { $rest ->
        [none] سقف ماهانهٔ شما ({ $cap }) برای این ماه پر شده است.
       *[some] سقف ماهانهٔ شما ({ $cap }) برای این ماه پر شده است: { $left } باقی‌مانده حتی برای یک عدد هم کافی نیست.
    }
summary-limit-resets = شمارش این سقف از { $when } از نو شروع می‌شود.
summary-limit-used-hint = محصول ارزان‌تری انتخاب کنید یا از یکی از مدیران بخواهید سقف شما را تغییر دهد.
summary-limit-used-up-hint = تا آن زمان صبر کنید یا از یکی از مدیران بخواهید سقف شما را تغییر دهد.
order-limit-reached-meanwhile = با زدن «تأیید سفارش»، سقف‌های خرید شما دوباره بررسی شد و این سفارش دیگر در آن‌ها نمی‌گنجد. چیزی فرستاده یا کسر نشد.

limits-kind-order = هر سفارش
limits-kind-day = روزانه
limits-kind-month = ماهانه
limits-kind-approval = سقف تأیید
limits-no-limit = بدون سقف
limits-no-approval = تأیید لازم نیست
limits-title = سقف‌های خرید
limits-defaults-title = پیش‌فرض تیم (برای هر کسی که مقدار جداگانه ندارد):
limits-line = • { $kind }: { $value }
limits-own-title = مقدارهای جداگانهٔ افراد:
limits-own-none = هیچ‌کس مقدار جداگانه ندارد.
limits-own-line = • { $person } — { $values }
limits-own-value = { $kind }: { $value }
limits-own-separator = { "؛ " }
limits-person-title = سقف‌های خرید { $person }:
limits-person-line = • { $kind }: { $value }{ $source }
limits-source-default = { " " }(پیش‌فرض تیم)
limits-source-own = { " " }(مقدار جداگانه)
limits-person-spent = امروز { $day } و این ماه { $month } در سقف‌ها حساب شده است.
limits-usage =
    /limits: پیش‌فرض‌های تیم و مقدارهای جداگانهٔ همه
    /limits <شناسه>: سقف‌های یک نفر و مبلغی که خرج کرده است
    /limits default <نوع> <مبلغ|off>: پیش‌فرض تیم
    /limits <شناسه> <نوع> <مبلغ|off|default>: مقدار جداگانهٔ یک نفر؛ off یعنی برای او سقفی نیست و default او را به پیش‌فرض تیم برمی‌گرداند
    نوع‌ها: order (هر سفارش)، day (روزانه)، month (ماهانه)، approval (نیاز به تأیید). مثال: /limits default day 10,000,000
limits-bad-kind = «{ $value }» نوع سقف نیست. یکی از order، day، month یا approval را بنویسید.
limits-bad-amount = «{ $value }» مبلغ نیست. یک عدد صحیح بنویسید (رقم فارسی و جداکنندهٔ هزارگان هم پذیرفته می‌شود)، یا off برای برداشتن سقف{ $orDefault }.
limits-or-default = ، یا default برای برگشت به پیش‌فرض تیم
limits-bad-person = «{ $value }» شناسهٔ عددی تلگرام نیست.
limits-unknown-username = { $value } را هنوز نمی‌شناسم. شناسهٔ عددی او را بنویسید (در /staff پیدا می‌شود).
limits-not-staff = { $value } در فهرست کارکنان نیست. اول با /staff او را اضافه کنید.
limits-default-set = پیش‌فرض تیم، { $kind }: { $value }.
limits-person-set = { $person }، { $kind }: { $value }.
limits-person-follows-default = { $person }، { $kind }: دوباره پیش‌فرض تیم ({ $value }).
limits-unchanged = چیزی تغییر نکرد: مقدار از قبل همین بود.
help-admin-limits =
    /limits: سقف خرید برای هر سفارش، هر روز و هر ماه، برای کل تیم یا هر نفر
    /lowbalance <مبلغ|off>: خبر دادن به مدیران وقتی موجودی کیف پول کم می‌شود
    /runway: کیف پول با روند اخیر تا کی کفایت می‌کند؛ /runway alert <روز|off>: وقتی کمتر کفایت کند به مدیران خبر داده شود
    /topup request <مبلغ> [یادداشت]: درخواست شارژ برای واحد مالی که با رسیدن واریز، رسیده ثبت می‌شود؛ /topup: درخواست‌های منتظر
    /retention: مدت ماندن کدهای تحویل‌شده در گفتگوها و نگه‌داشتن پاسخ‌های مشتری
    /velocity <orders|reveals|reads|pending> <عدد|off>: بیشترین سفارش، نمایش کد، درخواست از تأمین‌کننده و تأیید در انتظار برای هر نفر در هر ساعت یا دقیقه
    /stepup: کد یک‌بارمصرف از برنامهٔ احراز هویت برای کدها، خروجی‌ها و تغییرهای حساس (enrol، on، off، approve، reset)
    /strangers reply|silent: گفتن شناسه به کسانی که جزو کارکنان نیستند یا هیچ پاسخی ندادن
    /admingroup: گروه مدیران، جایی که پس از تعیین، هشدارها، گزارش سفارش‌ها و خلاصهٔ روزانه به آن می‌روند (bind، unbind، private on|off)
    /costcentres: مراکز هزینه‌ای که سفارش‌ها به حسابشان نوشته می‌شود (افزودن، تغییر نام، کنار گذاشتن)، و اینکه /order بپرسد یا نه
    /settings: تنظیماتی که می‌توانید در همین گفتگو تغییر دهید

### /audit: چه کسی چه کرد، تازه‌ترین اول، هر رویداد به زبان خواننده. سخن خود افراد یا تأمین‌کننده در گیومه و به همان شکل می‌آید.

audit-usage =
    روش استفاده:
    /audit: همه‌چیز، تازه‌ترین اول
    /audit @username یا /audit <شناسهٔ تلگرام>: کارهای یک نفر، و کارهایی که روی خودش یا سفارش‌هایش انجام شده است
    /audit #<سفارش>: تاریخچهٔ یک سفارش
audit-title = گزارش رویدادها
audit-title-person = گزارش رویدادهای { $who }
audit-title-order = گزارش رویدادهای سفارش #{ $id }
audit-page = صفحهٔ { $page } از { $pages }، تازه‌ترین اول.
audit-none = چیزی ثبت نشده است.
audit-btn-newer = ‹ جدیدتر
audit-btn-older = قدیمی‌تر ›
audit-unknown-user = @{ $username } را نمی‌شناسم: هنوز به ربات پیامی نداده است. به‌جایش شناسهٔ عددی تلگرامش را بنویسید.
audit-system = giftdesk

audit-order = سفارش #{ $id } ({ $goods })
audit-order-plain = سفارش #{ $id }
audit-their-words = — «{ $text }»
audit-provider-words = — به گفتهٔ خود تأمین‌کننده: «{ $text }»
audit-note = (متن ثبت‌شده به انگلیسی: «{ $text }»)
audit-by-provider = تأمین‌کننده
audit-by-admin = یکی از مدیران
audit-because = ({ $why })
audit-value-team-default = پیش‌فرض تیم
audit-value-hour = ساعت { $hour }:۰۰

audit-codes-own = کدهای { $order } خودش را دید
audit-codes-other = کدهای { $order } متعلق به { $owner } را دید
audit-codes-handed-over = تحویل { $count ->
    [one] کد
   *[other] { $cards } کد
} { $order } را ثبت کرد
audit-staff-added = به { $who } با نقش { $roles } دسترسی داد
audit-staff-role-changed = نقش { $who } را تغییر داد: { $roles }
audit-staff-removed = دسترسی { $who } را برداشت ({ $roles })
audit-staff-via = (هنگام راه‌اندازی، از روی { $via })

audit-setting-team-limit = { $limit } را برای تیم { $value } کرد (پیش‌تر: { $before })
audit-setting-team-limit-off = { $limit } تیم را برداشت (پیش‌تر: { $before })
audit-setting-person-limit = { $limit } را برای { $person } { $value } کرد (پیش‌تر: { $before })
audit-setting-person-limit-default = برای { $person } { $limit } را به پیش‌فرض تیم برگرداند (پیش‌تر: { $before })
audit-setting-person-limit-off = { $limit } را برای { $person } برداشت (پیش‌تر: { $before })
audit-setting-low-balance = آستانهٔ هشدار کمبود موجودی را { $value } کرد (پیش‌تر: { $before })
audit-setting-codes-removal = برداشتن کدها از گفتگو را { $value } کرد (پیش‌تر: { $before })
audit-setting-answers-kept = نگه‌داشتن پاسخ‌های مشتری را { $value } کرد (پیش‌تر: { $before })
audit-setting-digest = خلاصهٔ روزانه را روی { $value } گذاشت (پیش‌تر: { $before })
audit-setting-expiry-remind = یادآوری انقضای کدها را روی { $value } گذاشت (پیش‌تر: { $before })
audit-setting-feed-on = گزارش لحظه‌ای سفارش‌ها را روشن کرد
audit-setting-feed-off = گزارش لحظه‌ای سفارش‌ها را خاموش کرد
audit-setting-other = تنظیم «{ $setting }» را { $value } کرد (پیش‌تر: { $before })
audit-limit-order = سقف هر سفارش
audit-limit-day = سقف روزانه
audit-limit-month = سقف ماهانه
audit-limit-approval = سقف تأیید
audit-limit-none = بدون سقف

audit-paused = ثبت سفارش را متوقف کرد
audit-paused-by-provider = ثبت سفارش متوقف شد: تأمین‌کننده دسترسی ما را نپذیرفت
audit-resumed = ثبت سفارش را دوباره باز کرد
audit-resumed-since = ثبت سفارش را دوباره باز کرد؛ از { $since } به دست { $by } متوقف شده بود

audit-approval-requested = برای درخواست { $approval } تأیید خواست: { $goods }، { $amount }
audit-approval-requested-plain = برای درخواست { $approval } تأیید خواست، { $amount }
audit-approval-checking = بررسی درخواست { $approval } را برای تأیید شروع کرد
audit-approval-approved = درخواست { $approval } را تأیید کرد
audit-approval-self-approved = درخواست { $approval } خودش را تأیید کرد
audit-approval-rejected = درخواست { $approval } را رد کرد
audit-approval-expired = درخواست { $approval } بدون تصمیم منقضی شد
audit-approval-withdrawn = درخواست { $approval } خودش را پس گرفت
audit-approval-not-yet = درخواست { $approval } دوباره منتظر ماند: { $why }
audit-approval-not-yet-plain = درخواست { $approval } دوباره منتظر ماند
audit-approval-change-price = قیمت تغییر کرده بود
audit-approval-change-stock = موجودی تأمین‌کننده کافی نبود
audit-approval-change-region-gone = تأمین‌کننده دیگر این منطقه را عرضه نمی‌کند
audit-approval-blocked-paused = ثبت سفارش متوقف بود
audit-approval-blocked-funds = موجودی کیف پول کافی نبود
audit-approval-blocked-limit = از یکی از سقف‌های خرید بیشتر می‌شد
audit-approval-blocked-unchecked = پرسیدن از تأمین‌کننده ممکن نشد
audit-approval-blocked-hidden = یکی از مدیران محصولی از آن را از کارمندان پنهان کرده بود
audit-approval-interrupted-checking = راه‌اندازی دوبارهٔ ربات بررسی را نیمه‌کاره گذاشت
audit-approval-interrupted-before-order = راه‌اندازی دوبارهٔ ربات پیش از ساختن سفارش پیش آمد

audit-order-intent = { $order } را به مبلغ { $amount } شروع کرد
audit-order-placed = { $order } به مبلغ { $amount } ثبت شد
audit-order-placed-repriced = { $order } به مبلغ { $amount } ثبت شد، هرچند خلاصهٔ سفارش { $quoted } گفته بود
audit-order-adopted = { $order } با سفارش { $providerOrder } تأمین‌کننده تطبیق داده شد
audit-order-adopted-review = { $order } در بررسی مدیر با سفارش { $providerOrder } تأمین‌کننده تطبیق داده شد
audit-order-batch = (سفارش گروهی #{ $batch })
audit-order-quoted = (خلاصهٔ سفارش { $quoted } گفته بود)
audit-order-link-released = پیوند { $order } با سفارش { $providerOrder } تأمین‌کننده برداشته شد، چون آن سفارش متعلق به سفارش #{ $other } است
audit-order-state = { $order }: { $state }
audit-order-not-placed = { $order } ثبت نشد: { $why }
audit-why-review = یکی از مدیران در بررسی تأیید کرد که سفارشی ثبت نشده است
audit-why-never-sent = هرگز فرستاده نشد
audit-why-same-order-pending = همین سفارش از قبل منتظر نتیجه بود
audit-why-another-in-flight = در همان لحظه سفارش دیگری در حال ارسال بود
audit-why-paused = ثبت سفارش به دست { $source } متوقف بود
audit-why-limit = بیشتر از { $limit } ({ $cap }) می‌شد؛ باقی‌مانده: { $left }
audit-why-no-access = هنگام ارسال، آن شخص دیگر اجازهٔ سفارش نداشت
audit-why-hidden = یکی از مدیران { $product } را از کارمندان پنهان کرده بود
audit-why-rate-limit = تأمین‌کننده خواست { $seconds } ثانیه صبر کنیم
audit-why-no-provider-order = پس از { $checks } بار بررسی، چنین سفارشی نزد تأمین‌کننده نبود
audit-why-interrupted = راه‌اندازی دوبارهٔ ربات ارسال را نیمه‌کاره گذاشت
audit-why-accepted-not-recorded = تأمین‌کننده آن را با شمارهٔ { $providerOrder } پذیرفت، اما ثبتش در سوابق ما ممکن نشد
audit-why-approval = همراه با سفارش‌های دیگر آن روز به تأیید مدیر نیاز داشت
audit-notification-sent = دربارهٔ { $order } خبر داد
audit-notification-delivered = کدهای { $order } را در { $count ->
   *[other] { $messages } پیام
} فرستاد
audit-notification-undeliverable = نتوانست دربارهٔ { $order } خبر بدهد
audit-notification-undeliverable-why = نتوانست دربارهٔ { $order } خبر بدهد: { $why }
audit-undeliverable-order-missing = سفارش دیگر وجود ندارد
audit-undeliverable-removed = سفارش‌دهنده دیگر جزو کارکنان نیست
audit-undeliverable-viewer = سفارش‌دهنده اکنون ناظر است
audit-undeliverable-blocked = سفارش‌دهنده ربات را مسدود کرده است
audit-undeliverable-telegram = تلگرام پیام را نپذیرفت

audit-export-sent = خروجی { $what } از { $from } تا { $to } را گرفت ({ $count ->
   *[other] { $rows } ردیف
})
audit-export-cut = (ناقص)
audit-export-orders = سفارش‌ها
audit-export-transactions = تراکنش‌های کیف پول
audit-export-audit = گزارش رویدادها
audit-export-summary = خلاصهٔ هزینه‌ها
audit-export-statement = صورت‌حساب کیف پول
audit-other = { $action }
audit-velocity-orders = سفارشش رد شد: بیش از { $cap } سفارش در یک ساعت
audit-velocity-reveals = باز کردن کدهای دیگران برایش رد شد: بیش از { $cap } بار در یک ساعت
audit-velocity-reads = درخواستش به تأمین‌کننده رد شد: بیش از { $cap } درخواست در یک دقیقه
audit-velocity-pending = درخواست تأییدش رد شد: بیش از { $cap } سفارش هم‌زمان در انتظار تأیید
audit-setting-step-up-on = کدهای تأیید دومرحله‌ای را روشن کرد
audit-setting-step-up-off = کدهای تأیید دومرحله‌ای را خاموش کرد
audit-step-up-enrolled = برنامهٔ احراز هویت برای تأیید دومرحله‌ای راه انداخت
audit-step-up-approved = برنامهٔ احراز هویت { $who } را تأیید کرد
audit-step-up-reset = برنامهٔ احراز هویت { $who } را حذف کرد
audit-step-up-locked = پس از کدهای نادرست از تأیید دومرحله‌ای قفل شد
audit-step-up-held = برنامهٔ احراز هویتش پذیرفته نشد: پس از حذف مدیری، تأیید دونفره برقرار بود و کسی برای تأیید نبود

### /audit: چه کسی چه کرد، تازه‌ترین اول. جزئیات بعد از خط تیره، متن خود رکورد است.

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

audit-order = سفارش #{ $id } ({ $product } × { $quantity })
audit-order-plain = سفارش #{ $id }
audit-codes-own = کدهای { $order } خودش را دید
audit-codes-other = کدهای { $order } متعلق به { $owner } را دید
audit-staff-added = به { $who } با نقش { $roles } دسترسی داد
audit-staff-role-changed = نقش { $who } را تغییر داد: { $roles }
audit-staff-removed = دسترسی { $who } را برداشت ({ $roles })
audit-setting-changed = یک تنظیم را تغییر داد{ $detail }
audit-paused = سفارش‌ها را متوقف کرد{ $detail }
audit-resumed = سفارش‌ها را از سر گرفت
audit-order-intent = { $order } را به مبلغ { $amount } شروع کرد
audit-order-placed = { $order } به مبلغ { $amount } ثبت شد{ $detail }
audit-order-adopted = { $order } با یک سفارش تأمین‌کننده تطبیق داده شد{ $detail }
audit-order-link-released = پیوند { $order } با سفارش تأمین‌کننده برداشته شد{ $detail }
audit-order-state = { $order }: { $state }{ $detail }
audit-notification-sent = دربارهٔ { $order } خبر داد{ $detail }
audit-notification-undeliverable = نتوانست دربارهٔ { $order } خبر بدهد{ $detail }
audit-other = { $action }{ $detail }

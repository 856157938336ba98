### Persian messages for exports (Fluent): CSV files of orders, transactions, the audit and the monthly summary.

export-usage =
    روش استفاده:
    /export orders [از] [تا]
    /export transactions [از] [تا]
    /export audit [از] [تا]
    /export summary [ماه]
    تاریخ‌ها را به شکل YYYY-MM-DD بنویسید (سالی مثل ۱۴۰۵ به تقویم شمسی خوانده می‌شود) و ماه را به شکل YYYY-MM. بدون تاریخ، ماه جاری در نظر گرفته می‌شود.
export-bad-date = «{ $value }» تاریخ نیست. آن را به شکل YYYY-MM-DD بنویسید، مثلاً ۱۴۰۵-۰۹-۰۱ یا 2026-11-01.
export-bad-month = «{ $value }» ماه نیست. آن را به شکل YYYY-MM بنویسید، مثلاً ۱۴۰۵-۰۹ یا 2026-11.
export-reversed = تاریخ اول از تاریخ دوم دیرتر است. اول تاریخ زودتر را بنویسید.
export-caption-orders = سفارش‌ها از { $from } تا { $to } (ساعت‌ها به وقت { $zone }).
export-caption-transactions = تراکنش‌های کیف پول از { $from } تا { $to } (ساعت‌ها به وقت { $zone }).
export-caption-audit = گزارش رویدادها از { $from } تا { $to } (ساعت‌ها به وقت { $zone }).
export-caption-summary = هزینهٔ هر نفر از { $from } تا { $to } (به وقت { $zone }).
export-rows = { $count ->
   *[other] { $rows } ردیف.
}
export-cut-size = فایل به حداکثر حجم مجاز تلگرام رسید و بقیهٔ ردیف‌ها در آن نیامد؛ برای بقیه، بازهٔ کوتاه‌تری را خروجی بگیرید.
export-cut-pages = از تاریخچهٔ تأمین‌کننده فقط { $pages } صفحه خوانده شد؛ برای تراکنش‌های قدیمی‌تر، بازهٔ کوتاه‌تری را خروجی بگیرید.
export-not-sent = تلگرام فایل را نپذیرفت. بازهٔ کوتاه‌تری را امتحان کنید، یا یک دقیقهٔ دیگر دوباره بفرستید.
export-summary-title = هزینه‌ها از { $from } تا { $to }:
export-summary-none = در این ماه کسی سفارشی نداده است.
export-summary-line = { $person }: { $count ->
   *[other] { $orders } سفارش
}، { $spend }، بازگشت وجه: { $refunded }
export-summary-more = …و { $count } نفر دیگر (در فایل).
export-summary-total = جمع هزینه: { $spend }
export-actor-system = giftdesk

export-col-id = شمارهٔ سفارش
export-col-reference = شمارهٔ پیگیری تأمین‌کننده
export-col-created = زمان ثبت ({ $zone })
export-col-time = زمان ({ $zone })
export-col-person-id = شناسهٔ فرد
export-col-person = فرد
export-col-product = محصول
export-col-region = منطقه
export-col-quantity = تعداد
export-col-unit-price = قیمت واحد
export-col-line = ردیف
export-col-line-amount = مبلغ ردیف
export-col-amount = مبلغ
export-col-state = وضعیت
export-col-provider-state = وضعیت نزد تأمین‌کننده
export-col-actor-id = شناسهٔ انجام‌دهنده
export-col-actor = انجام‌دهنده
export-col-action = رویداد
export-col-batch = شمارهٔ سفارش گروهی
export-col-order = شمارهٔ سفارش
export-col-detail = جزئیات
export-col-orders = سفارش‌ها
export-col-spend = هزینه
export-col-failed = ناموفق یا لغوشده
export-col-refunded = با بازگشت وجه
export-col-refunded-amount = مبلغ بازگشتی
export-col-transaction = تراکنش
export-col-type = نوع
export-col-balance-after = موجودی پس از تراکنش
export-col-provider-order = سفارش تأمین‌کننده
export-col-description = شرح

help-admin-reports =
    /export orders|transactions|audit [از] [تا]: فایل جدول (CSV) آن بازه؛ بدون تاریخ، ماه جاری
    /export summary [ماه]: هزینهٔ هر نفر در یک ماه
    /statement [ماه]: صورت‌حساب کیف پول: آیا تراز است، و هر برداشت یا بازگشت وجهی که giftdesk نمی‌تواند توضیح دهد
    /walletwatch: آنچه وقتی کس دیگری از کیف پول خرج می‌کند رخ می‌دهد
    /feed on|off: یک خط برای هر سفارشی که ثبت می‌شود
    /digest <ساعت>|off: خلاصهٔ روز قبل، هر روز در آن ساعت

# سرستون‌ها و نام ردیف‌های جدول گزارش‌ها، آنجا که تلگرام گزارش را به‌صورت پیام غنی نشان می‌دهد.

budgets-col-centre = مرکز هزینه
budgets-col-budget = بودجه
budgets-col-spent = خرج‌شده
budgets-col-committed = در راه
budgets-col-left = مانده
budgets-col-no-budget = بی‌بودجه

limits-col-rule = قاعده
limits-col-value = پیش‌فرض تیم
limits-col-person = فرد
limits-col-follows-default = پیش‌فرض

statement-col-item = شرح
statement-col-amount = مبلغ
statement-row-opening = موجودی اول دوره
statement-row-credits = + واریزها
statement-row-top-ups = شارژ
statement-row-refunds = بازگشت وجه
statement-row-debits = − برداشت‌ها
statement-row-giftdesk = سفارش‌های giftdesk
statement-row-elsewhere = ثبت‌شده در جای دیگر
statement-row-closing = = موجودی پایان دوره

digest-col-person = فرد
digest-col-orders = سفارش‌ها
digest-col-spend = هزینه
digest-col-cost-centre = مرکز هزینه
digest-col-order = سفارش
digest-col-product = محصول
digest-col-amount = مبلغ
digest-col-state = وضعیت
digest-row-folded = { $centres } مرکز هزینهٔ دیگر

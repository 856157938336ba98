### Persian messages for tracking (Fluent). Codes never pass through Fluent: they are added to the formatted text in code.

command-orders = سفارش‌های اخیر شما
command-track = پیگیری وضعیت یک سفارش

orders-title-own = سفارش‌های اخیر شما، صفحهٔ { $page } از { $pages }. برای دیدن هر سفارش روی آن بزنید.
orders-title-everyone = سفارش‌های اخیر همه، صفحهٔ { $page } از { $pages }. برای دیدن هر سفارش روی آن بزنید.
orders-title-person = سفارش‌های { $id }، صفحهٔ { $page } از { $pages }. برای دیدن هر سفارش روی آن بزنید.
orders-none-own = هنوز سفارشی نداده‌اید. برای سفارش /order را بفرستید.
orders-none-everyone = هنوز هیچ‌کس سفارشی نداده است.
orders-none-person = { $id } هیچ سفارشی نداده است.
orders-usage =
    این را نتوانستم بخوانم. /orders این شکل‌ها را می‌پذیرد:
    /orders: سفارش‌های اخیر همه
    /orders @username یا /orders <شناسهٔ تلگرام>: سفارش‌های یک نفر
    /orders #12 یا /orders A100234: یک سفارش، با شمارهٔ ما یا کد پیگیری تأمین‌کننده
    /orders <نام محصول>: سفارش‌های آن محصول، مثلاً /orders Google Play
orders-usage-staff =
    این را نتوانستم بخوانم. /orders این شکل‌ها را می‌پذیرد:
    /orders: سفارش‌های اخیر شما
    /orders #12 یا /orders A100234: یکی از سفارش‌های شما، با شمارهٔ ما یا کد پیگیری تأمین‌کننده
    /orders <نام محصول>: سفارش‌های شما از آن محصول، مثلاً /orders Google Play
orders-own-only = فقط سفارش‌های خودتان را می‌توانید ببینید. برای دیدن آن‌ها /orders را بفرستید.
orders-found-order = سفارش { $name }. برای دیدن وضعیتش روی آن بزنید.
orders-matching-own = سفارش‌های شما برای محصولاتی که نامشان «{ $query }» را دارد، از جدید به قدیم. برای دیدن هر سفارش روی آن بزنید.
orders-matching-everyone = سفارش‌های محصولاتی که نامشان «{ $query }» را دارد، از جدید به قدیم. برای دیدن هر سفارش روی آن بزنید.
orders-matching-none-own = سفارشی از شما برای محصولی که نامش «{ $query }» را داشته باشد پیدا نشد.
orders-matching-none-everyone = سفارشی برای محصولی که نامش «{ $query }» را داشته باشد پیدا نشد.
orders-matching-more = { $count } سفارش قدیمی‌تر هم پیدا شد؛ برای محدودتر کردن نتیجه، بخش بیشتری از نام محصول را بنویسید.
orders-by = سفارش‌دهنده: { $id }

track-state-intent = هنوز ارسال نشده
track-state-placing = در حال ارسال به تأمین‌کننده
track-state-unknown = در حال بررسی با تأمین‌کننده
track-state-rejected = ردشده از طرف تأمین‌کننده
track-state-not_placed = ثبت نشد
track-state-in_progress = در حال انجام
track-state-action_required = نیازمند اقدام در سمت تأمین‌کننده
track-state-unrecognised = در وضعیتی ناشناخته
track-state-completed = تکمیل‌شده
track-state-failed = ناموفق
track-state-cancelled = لغوشده
track-state-refunded = وجه بازگردانده‌شده
track-state-needs_review = در انتظار تصمیم مدیر

track-provider-preparing = در حال آماده‌سازی
track-provider-processing = در حال پردازش
track-provider-completed = تکمیل‌شده
track-provider-failed = ناموفق
track-provider-cancelled = لغوشده
track-provider-refunded = وجه بازگردانده‌شده
track-provider-action_required = نیازمند اقدام

track-title = سفارش { $reference } (شمارهٔ ما: #{ $id })
track-title-no-reference = سفارش #{ $id }
track-title-provider = سفارش { $reference } (شمارهٔ تأمین‌کننده: { $orderId })
track-provider-only = این سفارش از طریق giftdesk ثبت نشده است.
track-state = وضعیت: { $state }
track-provider-state = وضعیت نزد تأمین‌کننده: { $state }
track-product = محصول: { $value }
track-region = منطقه: { $value }
track-quantity = تعداد: { $value }
track-unit-price = قیمت واحد: { $value }
track-total = جمع کل: { $value }
track-charged = مبلغ کسرشده از طرف تأمین‌کننده: { $value }
track-ordered-by = سفارش‌دهنده: { $id }
track-placed-at = زمان ثبت: { $value } ({ $zone })
track-started-at = زمان شروع: { $value } ({ $zone })
track-item = { $quantity } عدد از محصول { $product }: { $amount }

track-hint-codes = کدها آماده‌اند: برای دیدن آن‌ها در همین‌جا «نمایش کدها» را بزنید.
track-hint-intent = هنوز چیزی برای تأمین‌کننده فرستاده نشده است.
track-hint-placing = سفارش همین حالا در حال ارسال به تأمین‌کننده است.
track-hint-unknown = تأمین‌کننده ثبت این سفارش را تأیید نکرد؛ ممکن است ثبت شده باشد یا نه. دوباره سفارش ندهید: در حال بررسی با تأمین‌کننده هستم و نتیجه را تا حدود { $by } همین‌جا اعلام می‌کنم.
track-hint-rejected = تأمین‌کننده این سفارش را رد کرد؛ سفارش ثبت نشد.
track-hint-not_placed = این سفارش ثبت نشد و مبلغی بابت آن کسر نشد. می‌توانید با خیال راحت دوباره سفارش دهید.
track-hint-in_progress = تأمین‌کننده در حال انجام آن است. به محض آماده شدن، کدها را همین‌جا می‌فرستم.
track-hint-action_required = این سفارش در سمت تأمین‌کننده به اقدام یک نفر نیاز دارد. به مدیران اطلاع داده شد. دوباره سفارش ندهید.
track-hint-unrecognised = تأمین‌کننده وضعیتی را گزارش می‌کند که برای من ناشناخته است. به مدیران اطلاع داده شد و پیگیری سفارش ادامه دارد. دوباره سفارش ندهید.
track-hint-completed = سفارش تکمیل شده است.
track-hint-failed = تأمین‌کننده نتوانست این سفارش را تحویل دهد.
track-hint-cancelled = سفارش در سمت تأمین‌کننده لغو شد.
track-hint-refunded = تأمین‌کننده مبلغ این سفارش را به کیف پول برگرداند.
track-hint-needs_review = ممکن است چند سفارش در سمت تأمین‌کننده همین سفارش باشند. یکی از مدیران تصمیم می‌گیرد؛ دوباره سفارش ندهید.
track-from-records = این جزئیات از سوابق ما در { $when } است، چون هم‌اکنون نمی‌شد از تأمین‌کننده پرسید. { $reason }
track-from-records-unknown = این جزئیات از سوابق ما در { $when } است. { $reason }

track-usage = فرمان /track را همراه با یک سفارش بفرستید: شمارهٔ سفارش نزد تأمین‌کننده (مثلاً 9001)، کد پیگیری آن (مثلاً A100234) یا شمارهٔ ما (مثلاً #12).
track-not-found = سفارش { $value } پیدا نشد.
track-gone = این سفارش در دسترس نیست.

btn-show-codes = نمایش کدها
btn-refresh = به‌روزرسانی
btn-open-order = باز کردن سفارش { $name }

codes-fetching = در حال دریافت کدها از تأمین‌کننده…
codes-heading = کدهای سفارش { $reference }
codes-not-placed = این سفارش هرگز به تأمین‌کننده نرسید، پس کدی ندارد.
codes-not-ready = کدها در دسترس نیستند: وضعیت سفارش نزد تأمین‌کننده «{ $state }» است.
codes-unreachable = الان نتوانستم کدها را دریافت کنم. { $reason }

tx-title = تراکنش‌های کیف پول، صفحهٔ { $page }، جدیدترین در ابتدا. برای دیدن هر تراکنش روی آن بزنید.
tx-none = کیف پول هنوز تراکنشی ندارد.
tx-no-more = تراکنش دیگری وجود ندارد.
tx-type-debit = برداشت
tx-type-credit = واریز
tx-detail-title = تراکنش { $id }
tx-type = نوع: { $value }
tx-amount = مبلغ: { $value }
tx-balance-after = موجودی پس از تراکنش: { $value }
tx-order-ours = سفارش: { $name } (شمارهٔ تأمین‌کننده { $orderId }، شمارهٔ ما #{ $id })
tx-order-not-ours = سفارش نزد تأمین‌کننده: { $orderId } (خارج از giftdesk ثبت شده است)
tx-order-product = محصول: { $value }
tx-description = شرح: { $value }
tx-date = تاریخ: { $value }
tx-not-found = تأمین‌کننده تراکنشی با شمارهٔ { $id } ندارد.

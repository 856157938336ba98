### پیام‌های فارسی صورت‌حساب کیف پول (/statement) و پایش کیف پول (/walletwatch و هشدارهایش).

statement-usage =
    روش استفاده: /statement [ماه] [costcentres]
    ماه به شکل YYYY-MM (سال کمتر از ۱۷۰۰ به تقویم شمسی خوانده می‌شود)؛ بدون آن، همین ماه.
    با costcentres نمودار ماه به تفکیک مرکز هزینه کشیده می‌شود، نه به تفکیک افراد.
statement-bad-month = «{ $value }» ماه نیست. آن را به شکل YYYY-MM بنویسید، مثلاً 1405-09 یا 2026-11.
statement-not-filled = تراکنش‌های کیف پول هنوز خوانده نشده است: از وقتی giftdesk پایش کیف پول را شروع کرده، تأمین‌کننده پاسخ نداده است. یک دقیقهٔ دیگر دوباره امتحان کنید.
statement-history-replaced = صورت‌حساب ساخته نشد: تأمین‌کننده اکنون تراکنش { $transaction } کیف پول را طور دیگری نشان می‌دهد تا آنچه اینجا ثبت شده است؛ یعنی تاریخچهٔ کیف پول عوض شده است (سندباکسی که از نو شروع شده، یا تأمین‌کنندهٔ دیگری پشت همین پایگاه داده). آنچه اینجا ثبت شده دیگر وصف این کیف پول نیست و تراکنش‌های تازه ثبت نمی‌شوند. بررسی کنید giftdesk به کدام تأمین‌کننده وصل است؛ به مدیران اطلاع داده شد.
statement-title = صورت‌حساب کیف پول، { $from } تا { $to } ({ $zone })
statement-copy-starts = giftdesk تراکنش‌های کیف پول را از { $at } به بعد دارد: آنچه پیش از آن بوده در این صورت‌حساب نیست.
statement-stale = تأمین‌کننده همین حالا پاسخ نداد: این کیف پول است، آن‌طور که در { $at } خوانده شد.
statement-empty = در این دوره و پیش از آن هیچ تراکنشی نیست.
statement-opening = موجودی اول دوره: { $amount }
statement-credits = + واریزها: { $amount } (شارژ { $topUps }، بازگشت وجه { $refunds })
statement-debits = − برداشت‌ها: { $amount } (سفارش‌های giftdesk { $giftdesk }، ثبت‌شده در جای دیگر { $elsewhere })
statement-closing = = موجودی پایان دوره: { $amount }
statement-balanced = ✅ موجودی اول + واریزها − برداشت‌ها = موجودی پایان: حساب‌ها تراز است.
statement-unbalanced = ⚠️ حساب‌ها تراز نیست: { $difference } با تراکنش‌های فهرست‌شده توضیح داده نمی‌شود.
statement-orders = سفارش‌های ثبت‌شدهٔ giftdesk: { $placed }؛ جورشده با برداشتی به همان مبلغ تأییدشده: { $matched }.
statement-awaiting-debit = تازه ثبت‌شده، برداشتشان هنوز در کیف پول نیامده: { $count }
statement-awaiting-one = سفارش { $order } ({ $person }، سفارش فروشنده { $providerOrder }، { $confirmed })، ثبت‌شده در { $at }: برداشت آن هنوز در کیف پول نیامده؛ وقتی بیاید شمرده می‌شود.
statement-no-exceptions = موردی برای بررسی نیست: هر برداشت، بازگشت وجه و سفارش حساب شده است.
statement-exceptions = موارد نیازمند بررسی ({ $count }):
statement-more-in-file = …و { $count } مورد دیگر در فایل.
statement-x-foreign-debit = برداشت { $transaction } به مبلغ { $amount } در { $at } (سفارش تأمین‌کننده { $providerOrder }، «{ $description }»): هیچ سفارشی از giftdesk آن را توضیح نمی‌دهد.
statement-x-second-debit = برداشت { $transaction } به مبلغ { $amount } در { $at } برداشت دوم برای سفارش { $order } giftdesk ({ $person }) است.
statement-x-amount-differs = سفارش { $order } ({ $person }) با مبلغ { $confirmed } تأیید شد، اما برداشت { $transaction } مبلغ { $amount } کم کرد.
statement-x-refund-unknown = بازگشت وجه { $transaction } به مبلغ { $amount } در { $at } برای سفارش تأمین‌کننده { $providerOrder } است که giftdesk آن را ثبت نکرده است.
statement-x-refund-unreturned = بازگشت وجه { $transaction } به مبلغ { $amount } در { $at } برای سفارش { $order } ({ $person }) است که ناموفق نشده یا وجهش پیش‌تر برگشته است.
statement-x-missing-debit = برای سفارش { $order } ({ $person }، سفارش تأمین‌کننده { $providerOrder }، { $confirmed }) هیچ برداشتی در کیف پول نیست.
statement-x-missing-refund = سفارش { $order } ({ $person }، { $confirmed }) بیش از یک روز پیش ناموفق شد و وجه آن هنوز برنگشته است.
statement-x-chain-break = تراکنش { $transaction } در { $at }: موجودی پس از آن { $found } است، اما تراکنش پیشین و مبلغ این یکی { $expected } می‌سازند. تراکنشی جا افتاده یا جابه‌جا است.
statement-x-unknown-type = تراکنش { $transaction } به مبلغ { $amount } در { $at } از نوعی است که giftdesk نمی‌شناسد؛ حساب نمی‌شود.
statement-match-order = سفارش giftdesk
statement-match-refund = بازگشت وجه سفارش giftdesk
statement-match-top-up = شارژ
statement-match-elsewhere = سفارش ثبت‌شده در جای دیگر
statement-match-unplaced-refund = بازگشت وجهی که giftdesk جایش را نمی‌داند
statement-match-unknown-type = نوع ناشناخته
statement-match-none = بدون تراکنش
statement-match-awaiting-debit = برداشت هنوز نیامده
statement-col-matched = جورشده با
statement-col-confirmed = مبلغ تأییدشده
statement-col-exception = مورد بررسی
statement-caption = صورت‌حساب به شکل جدول: هر تراکنش با آنچه با آن جور شده، و موارد نیازمند بررسی.
statement-chart-title = هزینهٔ هر روز، { $from } تا { $to }
statement-chart-title-unit = هزینهٔ هر روز به { $unit }، { $from } تا { $to }
statement-chart-elsewhere = ثبت‌شده در جای دیگر
statement-chart-others = دیگران
statement-chart-no-spend = در این ماه خرجی نشده است
statement-chart-caption = ماه در یک نگاه: هزینهٔ هر روز، به تفکیک افراد.
statement-chart-no-cost-centre = بدون مرکز هزینه
statement-chart-caption-cost-centres = ماه در یک نگاه: هزینهٔ هر روز، به تفکیک مرکز هزینه.

wallet-foreign-debit-alert = ⚠️ کس دیگری از این کیف پول خرج می‌کند: برداشت { $transaction } به مبلغ { $amount } در { $at } (سفارش تأمین‌کننده { $providerOrder }، «{ $description }») را giftdesk ثبت نکرده است. اگر کار خودتان در پنل تأمین‌کننده نبوده، همین حالا کلید API را در پنل تأمین‌کننده باطل کنید و کلید تازه را در PROVIDER_API_KEY بگذارید.
wallet-foreign-debit-paused = ثبت سفارش تا وقتی یکی از مدیران /resume را بفرستد متوقف است.
wallet-large-credit-alert = واریزی به مبلغ { $amount } در { $at } («{ $description }») به کیف پول رسید که بازگشت وجه سفارشی از giftdesk نیست. اگر کسی منتظرش نبوده، از تأمین‌کننده بپرسید چیست.
wallet-history-replaced-alert = ⚠️ تاریخچهٔ کیف پول عوض شده است: تأمین‌کننده اکنون تراکنش { $transaction } را { $listedAmount } در { $listedAt } نشان می‌دهد، اما آنچه با همین شناسه ثبت شده { $amount } در { $at } است. این وقتی پیش می‌آید که سندباکس از نو شروع شود یا تأمین‌کنندهٔ دیگری به جای تأمین‌کنندهٔ این پایگاه داده پاسخ دهد. تراکنش‌های تازه ثبت نمی‌شوند و /statement تا رفع این وضع کار نمی‌کند: PROVIDER_BASE_URL و در حالت سندباکس، فایل وضعیت سندباکس را بررسی کنید (docs/operations.md، بخش «Sandbox mode»).
wallet-unknown-type-alert = تراکنشی از نوعی که giftdesk نمی‌شناسد در کیف پول آمد: { $transaction } به مبلغ { $amount } در { $at }، نوع «{ $type }» (سفارش فروشنده { $providerOrder }، «{ $description }»). در صورت‌حساب شمرده نمی‌شود. از فروشنده بپرسید با کیف پول چه کرده است.
ordering-paused-by-wallet = ثبت سفارش از { $since } متوقف است: کیف پول برداشتی نشان داد که giftdesk ثبت نکرده است ({ $reason }). تا وقتی یکی از مدیران دوباره آن را باز نکند، هیچ سفارشی فرستاده نمی‌شود.
order-paused-wallet = ثبت سفارش متوقف شده است: کیف پول خرجی نشان می‌دهد که giftdesk ثبت نکرده است. به مدیران اطلاع داده شد؛ تا یکی از آن‌ها ثبت سفارش را از سر نگیرد، چیزی سفارش داده نمی‌شود.
settings-wallet-pause = برداشتی که giftdesk ثبت نکرده ثبت سفارش را متوقف کند
settings-wallet-pause-how = تغییر با /walletwatch pause <on|off>
settings-wallet-credit = هشدار برای واریزی که بازگشت وجه نیست، از
settings-wallet-credit-how = تغییر با /walletwatch credit <مبلغ|off>
wallet-watch-pause-on = روشن
wallet-watch-pause-off = خاموش (به مدیران گفته می‌شود، ثبت سفارش ادامه دارد)
walletwatch-usage =
    روش استفاده:
    /walletwatch pause on|off: آیا برداشتی که giftdesk ثبت نکرده ثبت سفارش را هم متوقف کند
    /walletwatch credit <مبلغ>|off: خبر دادن به مدیران از واریزی از این مبلغ به بالا که بازگشت وجه نیست
walletwatch-done = انجام شد. /settings را ببینید.
walletwatch-bad-amount = «{ $value }» مبلغ نیست. یک عدد صحیح بزرگ‌تر از صفر بنویسید، یا off.
balance-wallet-exceptions = ⚠️ { $count } مورد نیازمند بررسی در صورت‌حساب این ماه کیف پول: /statement را ببینید.
digest-wallet-exceptions = ⚠️ صورت‌حساب کیف پول: { $count } مورد نیازمند بررسی در این ماه (/statement را ببینید).
audit-wallet-foreign-debit = برداشتی از کیف پول دید که giftdesk ثبت نکرده بود ({ $amount }، تراکنش { $transaction })
audit-wallet-large-credit = واریز بزرگی به کیف پول دید که بازگشت وجه نبود ({ $amount }، تراکنش { $transaction })
audit-wallet-unknown-type = تراکنشی از نوع ناشناخته در کیف پول دید ({ $amount }، تراکنش { $transaction })

### پیام‌های فارسی یادداشت‌گذاری موارد صورت‌حساب و بستن ماه (/statement note و /statement close).

month-close-usage =
    /statement note [YYYY-MM] <کلید> explained|refunded|written-off <یک خط>: بگویید آن مورد چه بود (کلید کنار هر مورد نوشته شده است)
    /statement close <YYYY-MM>: بستن ماه، وقتی همهٔ موارد یادداشت دارند و هیچ سفارشی از آن باز نیست؛ مدیر دوم تأیید می‌کند
month-close-note-kind-explained = توضیح داده شد
month-close-note-kind-refunded = وجه برگشت
month-close-note-kind-written-off = به هزینه منظور شد
month-close-notes-title = یادداشت‌ها: { $annotated } از { $count } مورد { $from } تا { $to } یادداشت دارد.
month-close-note-line = • { $key }: ✓ { $kind } به دست { $person }: «{ $note }»
month-close-note-missing = • { $key }: هنوز یادداشتی ندارد
month-close-notes-more = …و { $count } مورد دیگر.
month-close-notes-hint = برای یادداشت: /statement note { $month } <کلید> explained|refunded|written-off <یک خط>. وقتی همه یادداشت داشتند: /statement close { $month }
month-close-bad-note = این‌طور بنویسید: /statement note [YYYY-MM] <کلید> explained|refunded|written-off <یک خط متن>. کلید همان است که کنار مورد آمده، مثلاً fd-1234.
month-close-note-too-long = لطفاً یک خط، حداکثر { $max } نویسه.
month-close-no-such-exception = صورت‌حساب این ماه موردی با کلید { $key } ندارد. کلیدها زیر /statement { $month } آمده‌اند.
month-close-noted = ثبت شد: { $key } { $kind }: «{ $note }». { $count ->
    [0] همهٔ موارد این ماه یادداشت دارند: با /statement close { $month } بسته می‌شود.
   *[other] موارد بی‌یادداشت: { $left }.
}
month-close-button = ✍️ { $key }
month-close-ask-kind = { $key } چه بود؟ { $exception }
month-close-kind-chosen = { $key }: { $kind }. یک خط دربارهٔ آن، در پاسخ به پیام بعدی بنویسید.
month-close-note-prompt = { $key } { $kind }: چرا؟ در یک خط، حداکثر { $max } نویسه.
month-close-note-placeholder = آنچه بود، در یک خط
month-close-note-refused = لطفاً یک خط، از ۱ تا { $max } نویسه. دوباره به پرسش پاسخ دهید.
month-close-press-stale = این دکمه دیگر معتبر نیست: چیزی تغییر نکرد. /statement موارد ماه را همان‌طور که اکنون هستند نشان می‌دهد.
month-close-press-gone = صورت‌حساب { $month } دیگر موردی با کلید { $key } ندارد: چیزی تغییر نکرد.
month-close-press-annotated = { $key } پیش‌تر یادداشت شده است ({ $kind } به دست { $person }): چیزی تغییر نکرد. برای تغییر آن: /statement note { $month } { $key } explained|refunded|written-off <یک خط>
month-close-already-closed = صورت‌حساب { $from } تا { $to } در { $at } بسته شده است و دیگر تغییر نمی‌کند.
month-close-future = { $from } تا { $to } هنوز شروع نشده است: چیزی برای بستن نیست.
month-close-bad-month = ماهی را که می‌بندید به شکل YYYY-MM بنویسید، مثلاً /statement close 1405-09.
month-close-blocked = صورت‌حساب { $from } تا { $to } هنوز بسته نمی‌شود:
month-close-blocked-unannotated = موارد بی‌یادداشت ({ $count }): { $keys }
month-close-blocked-open = سفارش‌های هنوز باز ({ $count }): { $orders }
month-close-blocked-awaiting = سفارش‌های تازه ثبت‌شده که برداشتشان هنوز در کیف پول نیامده ({ $count }): { $orders }
month-close-blocked-hint = با /statement note { $month } <کلید> … یادداشت بگذارید؛ صبر کنید سفارش‌های باز تمام شوند و دوباره بخواهید.
month-close-done = صورت‌حساب { $from } تا { $to } بسته شد. همین‌طور که هست نگه داشته می‌شود و برای مدیران{ $finance ->
    [yes] {" "}و گفتگوی مالی
   *[no] {""}
} فرستاده شد.
month-close-closed-header = 🔒 بسته‌شده در { $at }: درخواست { $requester }، تأیید { $confirmer }. این ارقام همان‌طور که هنگام بستن بود نگه داشته شده است.
month-close-closed-header-alone = 🔒 بسته‌شده در { $at } به دست { $requester }، که آن زمان تنها مدیر بود (مدیر دومی برای تأیید نبود). این ارقام همان‌طور که هنگام بستن بود نگه داشته شده است.
month-close-late-title = تراکنش‌های دیررس ({ $count }): تاریخشان در این ماه است، اما پس از بستن به کیف پول رسیده‌اند و در ارقام بالا نیستند.
month-close-late-line = • تراکنش { $transaction } به مبلغ { $amount } در { $at } ({ $type }، سفارش تأمین‌کننده { $providerOrder })
month-close-late-alert = تراکنشی با تاریخ ماه بسته‌شدهٔ { $from } تا { $to } پس از بستن به کیف پول رسید: { $transaction } به مبلغ { $amount } در { $at } ({ $type }). صورت‌حساب بسته‌شده همان‌طور می‌ماند؛ /statement { $month } آن را در تراکنش‌های دیررس نشان می‌دهد.
month-close-sent-caption = صورت‌حساب بسته‌شدهٔ { $from } تا { $to } به شکل جدول، همان‌طور که هنگام بستن بود.
dual-change-month-close = صورت‌حساب کیف پول { $from } تا { $to } بسته شود (از آن پس همان‌طور می‌ماند و تغییر نمی‌کند)
dual-change-month-close-plain = صورت‌حساب کیف پول ماهی که از { $month } شروع می‌شود بسته شود
settings-finance-chat = گفتگوی مالی که صورت‌حساب‌های بسته‌شده را می‌گیرد
settings-finance-chat-none = هیچ (فقط مدیران)
settings-finance-chat-how = FINANCE_CHAT_ID را در محیط تنظیم کنید
audit-statement-annotated = مورد { $key } ماهِ آغازشده از { $month } را «{ $kind }» یادداشت کرد: «{ $note }»
audit-statement-closed = صورت‌حساب کیف پول ماهِ آغازشده از { $month } را بست (درخواست { $requester })

### Persian messages for top-up requests to finance (/topup) (Fluent).

topup-usage = /topup request <مبلغ> [یادداشت]: درخواست شارژ کیف پول برای واحد مالی که آن را برایشان بازارسال می‌کنید؛ وقتی واریز به کیف پول برسد خبرتان می‌کنم. /topup: درخواست‌هایی که هنوز واریز نشده‌اند.
topup-bad-amount = «{ $value }» مبلغ درستی برای درخواست نیست: مبلغی صحیح و بیشتر از صفر بنویسید، مثلاً /topup request ۵۰٬۰۰۰٬۰۰۰ برای آذر.
topup-drafted = درخواست شارژ شمارهٔ { $id } به مبلغ { $amount } ثبت شد. پیام بعدی را برای واحد مالی بازارسال کنید؛ وقتی واریزی حدود همین مبلغ به کیف پول برسد خبرتان می‌کنم.
topup-draft-title = درخواست شارژ کیف پول، شمارهٔ { $id }
topup-draft-amount = مبلغ درخواستی: { $amount }
topup-draft-balance = موجودی فعلی: { $balance }
topup-draft-before = اکنون: { $runway }
topup-draft-after = پس از شارژ: { $runway }
topup-draft-spent = هزینهٔ این ماه تا امروز: { $spent }
topup-draft-statement = صورت‌حساب از { $from }: موجودی اول دوره { $opening }، واریزها { $credits }، برداشت‌ها { $debits }، مانده { $closing }؛ { $count ->
   *[other] { $exceptions } مورد مغایرت
}.
topup-draft-month-unknown = صورت‌حساب این ماه: هنوز معلوم نیست (تراکنش‌های کیف پول هنوز خوانده نشده‌اند).
topup-draft-note = یادداشت: { $note }
topup-draft-by = درخواست‌کننده: { $who }، { $at }.
topup-runway-unknown = معلوم نیست کیف پول تا کی کفایت می‌کند.
topup-open-none = هیچ درخواست شارژی منتظر واریز نیست.
topup-open-title = درخواست‌های شارژ منتظر واریز:
topup-open-line = شمارهٔ { $id } · { $amount } · { $who }، { $at } · { $note }
topup-received = درخواست شارژ شمارهٔ { $id } به مبلغ { $amount } رسید: واریزی به مبلغ { $credit } در { $at } به کیف پول رسید.
command-topup = درخواست شارژ از واحد مالی
audit-topup-requested = از واحد مالی شارژ { $amount } درخواست کرد (درخواست شمارهٔ { $request })
audit-topup-received = درخواست شارژ شمارهٔ { $request } رسید: { $amount } واریز شد

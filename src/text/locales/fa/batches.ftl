### Persian messages for batches read from a CSV file: refusals of the whole file, and the problems of its rows.

batch-file-not-csv-spreadsheet = این فایل اکسل است، نه CSV. در اکسل از منوی File گزینهٔ Save As را بزنید، «CSV UTF-8 (Comma delimited)» را انتخاب کنید و همان فایل را بفرستید.
batch-file-not-csv-binary = این فایل جدول CSV نیست. یک فایل CSV بفرستید که هر ردیفش یک قلم سفارش باشد: محصول، منطقه، تعداد و جواب سؤال‌های محصول.
batch-file-not-csv-one-column = این فایل فقط یک ستون دارد و جدول سفارش نیست. هر ردیف دست‌کم به محصول و تعداد نیاز دارد که با ویرگول یا نقطه‌ویرگول از هم جدا شده باشند.
batch-file-not-csv-broken-quotes = گیومهٔ خط { $line } بسته نشده است و فایل خوانده نمی‌شود. فایل را دوباره از صفحه‌گسترده به شکل CSV ذخیره کنید و بفرستید.
batch-file-empty = این فایل هیچ ردیفی برای سفارش ندارد.
batch-file-too-many-rows = این فایل بیش از { $max } ردیف دارد و هر سفارش گروهی حداکثر { $max } ردیف می‌پذیرد. آن را به چند فایل تقسیم کنید.
batch-file-not-utf8 = این فایل با UTF-8 ذخیره نشده است و متن فارسی‌اش به هم می‌ریزد. هنگام ذخیره در اکسل «CSV UTF-8 (Comma delimited)» را انتخاب کنید.
batch-file-not-utf8-utf16 = این فایل به شکل متن یونیکد (UTF-16) ذخیره شده است. آن را به شکل «CSV UTF-8 (Comma delimited)» ذخیره کنید و دوباره بفرستید.
batch-file-duplicate-column = ستون «{ $column }» دو بار آمده است. یکی را نگه دارید و فایل را دوباره بفرستید.

batch-problems-title = { $count ->
    [one] چیزی سفارش داده نشد: یک ردیف باید اصلاح شود.
   *[other] چیزی سفارش داده نشد: { $problems } مورد باید اصلاح شود.
}
batch-problems-fix = این موارد را در فایل اصلاح کنید و دوباره بفرستید.
batch-problem-at = ردیف { $row }، «{ $column }»: { $text }
batch-problem-at-row = ردیف { $row }: { $text }
batch-problems-more = …و { $count } مورد دیگر.

batch-problem-unknown-product = محصولی با شناسه یا عنوان «{ $value }» نیست.
batch-problem-ambiguous-title = چند محصول «{ $value }» نام دارند (شناسه‌های { $candidates })؛ شناسهٔ محصول موردنظر را بنویسید.
batch-problem-product-unavailable = «{ $value }» الان قابل سفارش نیست: هیچ منطقه‌ای از آن فروخته نمی‌شود.
batch-problem-wrong-region = این محصول منطقهٔ «{ $value }» ندارد؛ منطقه‌های آن: { $regions }.
batch-problem-bad-quantity = «{ $value }» تعداد نیست: یک عدد صحیح از ۱ به بالا بنویسید.
batch-problem-quantity-above-stock = فقط { $stock } عدد موجود است و این ردیف همراه با ردیف‌های بالاتر این محصول که در موجودی جا شده‌اند { $asked } عدد می‌خواهد.
batch-problem-missing-column = فایل چنین ستونی ندارد و این ردیف به آن نیاز دارد.
batch-problem-missing-value = این ردیف در این ستون مقدار لازم دارد.
batch-problem-invalid-answer = «{ $value }»: { $reason }
batch-problem-unknown-column = هیچ محصولی در این فایل سؤالی با این نام ندارد. نام ستون را اصلاح کنید یا ستون را بردارید.
batch-problem-duplicate-column = ستون دیگری جواب همین سؤال را دارد. یکی از آن دو را نگه دارید.
batch-problem-stray-value = «{ $value }» بیرون از ستون‌های نام‌دار است.

## Starting a batch: /batch, the template, a quantity, the file itself.

batch-help = سفارش گروهی چند سفارش را با یک تأیید، یکی پس از دیگری ثبت می‌کند و همهٔ کدها را در یک فایل می‌فرستد.
    • برای بیش از { $max } عدد از یک محصول: /batch <شناسهٔ محصول> <تعداد> [منطقه]
    • برای فهرستی از گیرندگان: ‎/batch template <شناسهٔ محصول>‎ فایلی برای پر کردن می‌دهد (هر ردیف یک قلم سفارش، هر ستون یک سؤال)؛ آن را همین‌جا برگردانید.
    • ‎/batch #<شماره>‎ یک سفارش گروهی را نشان می‌دهد و فایل کدهایش را دوباره می‌فرستد.
batch-usage = بنویسید ‎/batch <شناسهٔ محصول> <تعداد> [منطقه]‎ یا ‎/batch template <شناسهٔ محصول>‎ یا ‎/batch #<شماره>‎. برای راهنما فقط /batch را بفرستید.
batch-template-usage = بنویسید ‎/batch template <شناسهٔ محصول>‎؛ شناسهٔ محصول در منوی سفارش و در /orders آمده است.
batch-template-caption = برای { $product } هر قلم سفارش را در یک ردیف بنویسید: تعداد و جواب‌ها. فایل را با قالب «CSV UTF-8» ذخیره کنید و همین‌جا بفرستید.
batch-product-unknown = محصولی با شناسهٔ { $product } نیست.
batch-quantity-not-orderable = { $product } در دسترس نیست: مدیران آن را از فهرست برداشته‌اند. چیزی شروع نشد.
batch-quantity-problem = این سفارش گروهی شروع نمی‌شود: { $text }
batch-quantity-needs-file = این محصول برای هر سفارش سؤال دارد (مثلاً ایمیل)، پس سفارش گروهی آن با فایل است: ‎/batch template { $id }‎ را بفرستید، برای هر گیرنده یک ردیف پر کنید و فایل را برگردانید.
batch-file-too-large = این فایل بزرگ‌تر از { $max } است؛ فایل سفارش گروهی جدولی متنی و بسیار کوچک‌تر است. ببینید فایل درست را فرستاده‌اید.
batch-file-download-failed = فایل از تلگرام گرفته نشد. لطفاً دوباره بفرستید.
batch-list-title = سفارش‌های گروهی اخیر شما
batch-list-line = #{ $id } · { $when } · { $orders } سفارش · { $total } · { $state }
batch-not-found = سفارش گروهی #{ $id } از شما نیست.

## The summary and Confirm.

batch-summary-title = سفارش گروهی #{ $id } از فایل { $file }
batch-summary-title-quantity = سفارش گروهی #{ $id }
batch-summary-counts = { $n ->
   *[other] { $orders } سفارش
}، { $units } عدد، جمعاً { $total }
batch-summary-product = • { $product }: { $units }
batch-summary-wallet = کیف پول: اکنون { $balance }، پس از این سفارش گروهی { $after }
batch-summary-wallet-short = موجودی کیف پول کافی نیست: اکنون { $balance }، این سفارش گروهی { $total } می‌شود و { $short } کم است. کیف پول هزینهٔ { $covers } سفارش نخست از { $orders } سفارش را می‌پردازد. کیف پول را شارژ کنید یا سفارش گروهی را کوچک‌تر کنید.
batch-summary-same-file = ⚠️ همین فایل را در { $when } هم فرستاده بودید (سفارش گروهی #{ $batch }، { $state }). فقط اگر باید دوباره سفارش داده شود تأیید کنید.
batch-summary-approval = پیش از هر سفارشی، یک مدیر باید این سفارش گروهی را تأیید کند.
batch-summary-hint = سفارش‌ها یکی پس از دیگری ثبت می‌شوند و هر وقت بخواهید می‌توانید بقیه را متوقف کنید. قیمت و موجودی پیش از هر سفارش دوباره بررسی می‌شود.
batch-button-confirm = ✅ تأیید سفارش گروهی
batch-button-cancel = انصراف
batch-button-stop = ⏹ توقف
batch-button-continue = ▶️ ادامه
batch-button-continue-at = ▶️ ادامه با { $price }
batch-button-approve = ✅ تأیید سفارش گروهی
batch-button-refuse = ❌ رد
batch-paused = ثبت سفارش متوقف است، پس سفارش گروهی شروع نشد. چیزی سفارش داده نشد.
batch-over-limit = این سفارش گروهی از { $limit } شما بیشتر است: { $left } باقی مانده. چیزی سفارش داده نشد.
batch-limit-order = سقف هر سفارش
batch-limit-day = سقف روزانه
batch-limit-month = سقف ماهانه
batch-cancelled = سفارش گروهی لغو شد. چیزی سفارش داده نشد.
batch-stopped = متوقف شد: سفارش دیگری از این گروه فرستاده نمی‌شود. آنچه سفارش داده شده همچنان تحویل می‌شود.
batch-not-stoppable = چیزی از این سفارش گروهی برای توقف نمانده است.
batch-continues = سفارش گروهی ادامه می‌یابد.
batch-not-held = این سفارش گروهی دیگر منتظر شما نیست.

## Approval of a batch as a whole.

batch-sent-for-approval = سفارش گروهی منتظر تأیید یک مدیر است. تا آن زمان چیزی سفارش داده نمی‌شود و به شما خبر می‌دهیم.
batch-approval-title = سفارش گروهی #{ $id } منتظر تأیید شماست
batch-approval-title-group = سفارش گروهی #{ $id } منتظر تأیید یک مدیر است
batch-approval-requester = درخواست‌کننده: { $person }
batch-approval-file = فایل: { $file }
batch-approve-own = سفارش گروهی خودتان را باید مدیر دیگری تأیید کند.
batch-approval-settled = دربارهٔ این سفارش گروهی پیش‌تر تصمیم گرفته شده است.
batch-approval-expired-press = این سفارش گروهی بدون تصمیم منقضی شد؛ چیزی سفارش داده نشد.
batch-approved = سفارش گروهی #{ $id } تأیید شد: سفارش‌ها در حال ثبت‌اند.
batch-approved-admin = سفارش گروهی #{ $id } را تأیید کردید.
batch-refused = سفارش گروهی #{ $id } را یک مدیر رد کرد. چیزی سفارش داده نشد.
batch-refused-admin = سفارش گروهی #{ $id } را رد کردید.
batch-expired = سفارش گروهی #{ $id } مدت زیادی منتظر تأیید مدیر ماند و منقضی شد. چیزی سفارش داده یا کسر نشد؛ می‌توانید دوباره آن را بفرستید.
batch-decide-own = دربارهٔ سفارش گروهی خودتان باید مدیر دیگری تصمیم بگیرد.
batch-approval-decided-title = سفارش گروهی #{ $id }
batch-approval-approved-by = { $by } آن را تأیید کرد: سفارش‌ها در حال ثبت‌اند.
batch-approval-refused-by = { $by } آن را رد کرد. چیزی سفارش داده نشد.
batch-approval-stopped = سفارش‌دهنده پیش از تصمیم مدیران آن را متوقف کرد. چیزی سفارش داده نشد.
batch-approval-expired = کسی به‌موقع تصمیم نگرفت و منقضی شد. چیزی سفارش داده نشد.

## Progress, held orders and the file of codes.

batch-progress-title = سفارش گروهی #{ $id }: { $state }
batch-progress-counts = ثبت‌شده { $placed } از { $orders } · تحویل‌شده { $delivered } · ناموفق { $failed }
batch-progress-spent = هزینه‌شده { $spent } از { $total }
batch-state-draft = منتظر تأیید شما
batch-state-waiting-approval = منتظر تأیید مدیر
batch-state-running = در حال سفارش…
batch-state-held = منتظر شما
batch-state-checking = در حال بررسی سفارشی که پاسخش گم شد…
batch-state-hidden = در انتظار: یکی از مدیران { $product } را پنهان کرده است
batch-state-placed = همه ثبت شد، تحویل‌ها در راه است
batch-state-done = تمام شد
batch-state-stopped = متوقف شد
batch-state-cancelled = لغو شد
batch-state-expired = منقضی شد: کسی به‌موقع تأییدش نکرد
batch-held-title = سفارش گروهی #{ $id } در سفارش { $index } از { $orders } ایستاد
batch-held-price-changed = قیمت { $product } از { $from } به { $to } تغییر کرد. با قیمت تازه ادامه دهید یا بقیه را متوقف کنید.
batch-held-stock = تأمین‌کننده برای سفارش بعدی موجودی کافی ندارد. برای تلاش دوباره ادامه دهید یا بقیه را متوقف کنید.
batch-held-funds = موجودی کیف پول برای سفارش بعدی کافی نیست. آن را شارژ کنید و ادامه دهید، یا بقیه را متوقف کنید.
batch-held-paused = ثبت سفارش متوقف است. پس از ازسرگیری ادامه دهید یا بقیه را متوقف کنید.
batch-held-access = تأمین‌کننده دسترسی ما را نپذیرفت. پس از رفع مشکل به دست مدیران ادامه دهید یا بقیه را متوقف کنید.
batch-held-limit = سفارش بعدی از سقف هزینه می‌گذرد. وقتی سقف اجازه داد ادامه دهید یا بقیه را متوقف کنید.
batch-held-approval = سفارش بعدی به تأیید مدیر نیاز دارد. بقیه را متوقف کنید یا پس از تأیید ادامه دهید.
batch-held-unknown-outcome = پاسخ یک سفارش گم شد؛ پیش از هر سفارش دیگری بررسی می‌شود.
batch-held-provider = تأمین‌کننده سفارش بعدی را نپذیرفت. برای تلاش دوباره ادامه دهید یا بقیه را متوقف کنید.
batch-held-velocity = سفارش‌ها در زمان کوتاهی زیاد شده‌اند. کمی بعد ادامه دهید یا بقیه را متوقف کنید.
batch-held-product-hidden = یکی از مدیران { $product } را از کارمندان پنهان کرده است، برای همین فعلاً چیز دیگری سفارش داده نمی‌شود. وقتی دوباره نمایش داده شود، سفارش گروهی خودش ادامه می‌یابد (پیش از آن قیمت دوباره بررسی می‌شود)؛ یا بقیه را متوقف کنید.
batch-still-hidden = هنوز پنهان است: وقتی یکی از مدیران محصول را دوباره نمایش دهد، سفارش گروهی خودش ادامه می‌یابد. با «توقف» همین‌جا تمام می‌شود.
batch-file-caption = سفارش گروهی #{ $id }: { $delivered } از { $orders } سفارش تحویل شد، { $failed } ناموفق. همهٔ کدها در این فایل است؛ آن را امن نگه دارید.
batch-file-col-order = سفارش در گروه
batch-file-col-reference = شمارهٔ مرجع
batch-file-col-state = وضعیت
batch-file-col-product = محصول
batch-file-col-region = منطقه
batch-file-col-code = کد
batch-file-col-pin = پین
batch-file-col-serial = سریال
batch-file-col-expiry = انقضا
batch-file-col-other = جزئیات دیگر
batch-file-col-row = ردیف فایل
batch-file-col-answers = جواب‌ها
command-batch = چند سفارش با هم، با تعداد یا فایل
batch-approved-price-up = این سفارش گروهی با همان قیمت‌هایی که نشان داده شد تأیید شده است. با قیمت بالاتر تأیید تازه لازم است: آن را متوقف کنید و بقیه را به‌صورت سفارش گروهی تازه بفرستید.
batch-file-codes-unread = تأمین‌کننده هنگام ساختن فایل کدهای این سفارش را نداد؛ ‎/track‎ سفارش را نشان می‌دهد.
batch-too-many-orders = این { $orders } سفارش است؛ هر سفارش گروهی حداکثر { $max } سفارش دارد. آن را به چند سفارش گروهی تقسیم کنید.
batch-file-just-sent = فایل این سفارش گروهی همین الان فرستاده شد؛ یک دقیقهٔ دیگر دوباره بخواهید.
batch-problem-unknown-cost-centre = هیچ مرکز هزینه‌ای نام یا کد «{ $value }» را ندارد.
batch-problem-retired-cost-centre = مرکز هزینهٔ «{ $value }» کنار گذاشته شده است: یکی از مراکز فعال را بنویسید.
batch-ask-cost-centre = سفارش گروهی #{ $id } برای کدام مرکز هزینه است؟ همهٔ سفارش‌هایش برای همانی که برمی‌گزینید ثبت می‌شود (ستون «مرکز هزینه» در فایل برای هر سطر یکی را می‌نویسد).
batch-cost-centre-chosen = سفارش گروهی #{ $id }: مرکز هزینه { $name }.
batch-cost-centre-none = سفارش گروهی #{ $id }: بدون مرکز هزینه.
batch-cost-centre-stale = آن سفارش گروهی دیگر منتظر مرکز هزینه‌اش نیست. چیزی تغییر نکرد.
batch-cost-centre-first = نخست مرکز هزینهٔ این سفارش گروهی را برگزینید (پرسش بالا): هر سفارش مرکز هزینه‌اش را نام می‌برد. چیزی ثبت نشد.

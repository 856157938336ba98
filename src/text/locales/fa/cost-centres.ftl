### مراکز هزینه‌ای که مدیران نگه می‌دارند، و آنچه /order از آن‌ها می‌پرسد (Fluent).

command-costcentres = مراکز هزینه‌ای که سفارش‌ها به حسابشان نوشته می‌شود
cost-centres-title = مراکز هزینه (شماره همان است که rename و retire می‌گیرند):
cost-centres-none = هنوز مرکز هزینه‌ای نیست.
cost-centres-retired-title = کنارگذاشته (روی سفارش‌های گذشته می‌ماند، دیگر پیشنهاد نمی‌شود):
cost-centres-usage =
    /costcentres add نام | CODE: مرکز هزینهٔ تازه، به هر زبانی؛ کد حسابداری پس از | اختیاری است
    /costcentres rename 3 نام تازه: نام تازه، روی سفارش‌های گذشته هم
    /costcentres retire 3: دیگر پیشنهاد نمی‌شود؛ سفارش‌های گذشته آن را نگه می‌دارند
    /costcentres mode off|optional|required: اینکه /order مرکز هزینه را بپرسد یا نه
cost-centres-bad-name = مرکز هزینه نامی در یک خط و حداکثر { $max } نویسه می‌خواهد.
cost-centres-bad-code = کد حسابداری تا ۱۶ حرف لاتین، رقم، نقطه، خط تیره یا اسلش است و پس از | می‌آید، مثلاً /costcentres add بازاریابی | MKT-01
cost-centres-taken = مرکز هزینهٔ فعالی با این نام هست: { $centre }. چیزی تغییر نکرد.
cost-centres-added = مرکز هزینهٔ { $centre } افزوده شد.
cost-centres-renamed = نام «{ $before }» به { $centre } تغییر کرد.
cost-centres-retired = { $centre } کنار گذاشته شد: دیگر پیشنهاد نمی‌شود و سفارش‌های گذشته آن را نگه می‌دارند.
cost-centres-already-retired = { $centre } کنار گذاشته شده است: چیزی تغییر نکرد.
cost-centres-gone = مرکز هزینه‌ای با شمارهٔ { $id } نیست. /costcentres را ببینید.
cost-centres-mode-off = خاموش
cost-centres-mode-optional = پرسیده می‌شود، می‌توان رد شد
cost-centres-mode-required = الزامی
cost-centres-mode-off-now = /order مرکز هزینه را نمی‌پرسد.
cost-centres-mode-optional-now = /order پیش از خلاصه مرکز هزینه و یادداشتی می‌پرسد؛ از هر دو می‌توان رد شد.
cost-centres-mode-required-now = /order پیش از خلاصه مرکز هزینه را می‌پرسد، و یادداشتی که می‌توان از آن رد شد.
cost-centres-mode-none-yet = هنوز مرکز هزینهٔ فعالی نیست: تا یکی افزوده نشود، /order نمی‌پرسد.
settings-cost-centres = مرکز هزینه روی سفارش‌ها
settings-cost-centres-how = تغییر با /costcentres mode off|optional|required
audit-cost-centre-added = مرکز هزینهٔ «{ $name }» را افزود
audit-cost-centre-renamed = نام مرکز هزینهٔ «{ $before }» را به «{ $name }» تغییر داد
audit-cost-centre-retired = مرکز هزینهٔ «{ $name }» را کنار گذاشت
audit-setting-cost-centres = مرکز هزینه روی سفارش‌ها را گذاشت بر: { $value } (پیش‌تر: { $before })
purpose-ask-centre = این سفارش برای کدام مرکز هزینه است؟
purpose-required = یکی را برگزینید: هر سفارش مرکز هزینه‌اش را نام می‌برد.
purpose-optional = یکی را برگزینید، یا «رد کردن» را بزنید.
purpose-centre-gone = آن مرکز هزینه دیگر پیشنهاد نمی‌شود. لطفاً مرکز دیگری برگزینید.
purpose-chosen = مرکز هزینه: { $name }
purpose-note-hint = برای افزودن یادداشتی یک‌خطی (برای چیست، حداکثر { $max } نویسه)، پیش از برگزیدن آن را بفرستید.
purpose-note-kept = یادداشت: { $note }
    (برای جایگزینی، خط دیگری بفرستید، سپس برگزینید)
purpose-ask-note = برای چیست؟ یادداشتی یک‌خطی (حداکثر { $max } نویسه) بفرستید، یا «رد کردن» را بزنید.
purpose-note-empty = لطفاً یادداشت را به صورت متن بفرستید.
purpose-note-too-long = این یادداشت { $length } نویسه است؛ در یک خط حداکثر { $max } نویسه جا می‌شود. لطفاً کوتاه‌ترش را بفرستید.
summary-cost-centre = مرکز هزینه: { $name }
summary-note = یادداشت: { $note }
purpose-skip-refused = مرکز هزینه الزامی است: «رد کردن» پیشنهاد نمی‌شود. لطفاً یکی را برگزینید.
order-cost-centre = مرکز هزینه: { $centre }
order-note = یادداشت: { $note }
export-col-cost-centre = مرکز هزینه
export-col-cost-centre-code = کد مرکز هزینه
export-col-note = یادداشت
edit-purpose = مرکز هزینه و یادداشت
purpose-centre-retired = مرکز هزینهٔ «{ $name }» کنار گذاشته شده است: لطفاً مرکز دیگری برگزینید.

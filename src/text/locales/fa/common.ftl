### Persian messages (Fluent). Numbers passed as numbers are shown in Persian digits by Fluent itself.

sandbox-badge = [آزمایشی · SANDBOX]

access-denied = این ربات فقط برای کارکنان مجاز است. شناسهٔ تلگرام شما { $id } است. اگر باید دسترسی داشته باشید، این عدد را برای یکی از مدیران بفرستید.
admin-only = فقط مدیران می‌توانند این کار را انجام دهند.

start-welcome = سلام! با giftdesk از تأمین‌کنندهٔ ما گیفت کارت سفارش می‌دهید و کدها را همین‌جا دریافت می‌کنید.
help-staff =
    /order: سفارش گیفت کارت
    /orders: سفارش‌های اخیر شما
    /track <سفارش>: وضعیت یک سفارش و دیدن دوبارهٔ کدهای آن
    /balance: موجودی کیف پول
    /language: فارسی یا انگلیسی
    /cancel: لغو کار جاری
    /help: همین فهرست
help-admin =
    مدیران این فرمان‌ها را هم دارند:
    /staff: فهرست کارکنان؛ /staff add <شناسه> [admin|staff|viewer]؛ /staff role <شناسه> <نقش>؛ /staff remove <شناسه>
    /sync: به‌روزرسانی فوری کاتالوگ از تأمین‌کننده
    /orders <شناسهٔ تلگرام>: سفارش‌های یک نفر (/orders به‌تنهایی سفارش‌های همه را نشان می‌دهد)
    /transactions: تراکنش‌های کیف پول
    /review: سفارش‌هایی که نتیجه‌شان نامعلوم است و منتظر تصمیم شما هستند

balance-line = موجودی کیف پول: { $amount }

language-choose = زبان خود را انتخاب کنید:
language-set = انجام شد: از این پس فارسی صحبت می‌کنم.

cancel-done = لغو شد. چیزی سفارش داده نشد.
cancel-nothing = کاری برای لغو وجود ندارد.
menu-expired = این منو منقضی شده است. برای شروع دوباره /order را بفرستید.
unhandled = متوجه نشدم. برای سفارش /order و برای دیدن بقیهٔ فرمان‌ها /help را بفرستید.

provider-auth = تأمین‌کننده در حال حاضر دسترسی ما را نمی‌پذیرد. به مدیران اطلاع داده شد. لطفاً بعداً دوباره تلاش کنید.
provider-rate-limited = تأمین‌کننده تعداد درخواست‌ها را محدود کرده است؛ درخواست‌ها را نگه می‌دارم و هر وقت اجازه داد دوباره تلاش می‌کنم. لطفاً یک دقیقهٔ دیگر دوباره امتحان کنید.
provider-unavailable = تأمین‌کننده در حال حاضر پاسخ نمی‌دهد. لطفاً چند دقیقهٔ دیگر دوباره تلاش کنید.
provider-internal = در سمت ما خطایی رخ داد. لطفاً دوباره تلاش کنید؛ اگر تکرار شد به یکی از مدیران خبر دهید.
provider-bad-answer = پاسخ تأمین‌کننده قابل خواندن نبود. لطفاً بعداً دوباره تلاش کنید؛ جزئیات در گزارش‌ها برای مدیران ثبت شده است.

btn-back = « بازگشت
btn-prev = ‹ قبلی
btn-next = بعدی ›
btn-cancel = لغو
btn-confirm = تأیید سفارش
btn-edit = ویرایش
btn-skip = رد کردن
btn-retry = تلاش دوباره

order-use-buttons = لطفاً از دکمه‌های بالا استفاده کنید، یا لغو را بزنید.
order-choose-category = یک دسته را انتخاب کنید، یا بخشی از نام محصول را برای جستجو بنویسید.
order-catalog-empty = کاتالوگ خالی است. یکی از مدیران می‌تواند با /sync آن را بارگیری کند.
order-choose-product = یک محصول از دستهٔ «{ $category }» انتخاب کنید.
order-uncategorised = سایر محصولات
order-search-results = محصولات مطابق «{ $query }»:
order-search-none = محصولی با «{ $query }» پیدا نشد. نام دیگری بنویسید یا یک دسته را انتخاب کنید.
order-out-of-stock = ناموجود
order-product-gone = این محصول دیگر از طرف تأمین‌کننده عرضه نمی‌شود. محصول دیگری انتخاب کنید.
order-product-sold-out = موجودی این محصول در حال حاضر تمام شده است. محصول دیگری انتخاب کنید.
order-choose-region = منطقهٔ «{ $product }» را انتخاب کنید.
order-ask-quantity = چند عدد؟ حداکثر { $max } عدد می‌توانید سفارش دهید. یکی از عددها را بزنید یا تعداد را بنویسید.
order-quantity-not-a-number = لطفاً یک عدد صحیح بفرستید، مثلاً ۲.
order-quantity-too-small = تعداد باید دست‌کم ۱ باشد.
order-quantity-too-large = از این محصول حداکثر { $max } عدد می‌توانید سفارش دهید.
order-ask-field = لطفاً { $title } را بفرستید.
order-field-hint = راهنما: { $hint }
order-field-optional = این سؤال اختیاری است؛ اگر نمی‌خواهید جواب بدهید، «رد کردن» را بزنید.
order-field-step = سؤال { $index } از { $count }
field-empty = جواب نمی‌تواند خالی باشد.
field-email = این نشانی ایمیل نیست: ایمیل یک نام، یک @ و یک دامنه دارد، مثل name@example.com.
field-phone-characters = شمارهٔ تلفن فقط از رقم تشکیل می‌شود و می‌تواند با + شروع شود؛ فاصله و خط تیره اشکالی ندارد.
field-phone-length = شمارهٔ تلفن باید { $min } تا { $max } رقم داشته باشد؛ این شماره { $digits } رقم دارد.
field-number = این عدد نیست: فقط رقم، در صورت نیاز با علامت منفی و ممیز.
field-too-short = خیلی کوتاه است: دست‌کم { $min } کاراکتر لازم است.
field-too-long = خیلی بلند است: حداکثر { $max } کاراکتر مجاز است.
field-pattern = قالب واردشده درست نیست.
field-try-again = لطفاً دوباره بفرستید.

summary-title = لطفاً سفارش خود را بررسی کنید:
summary-product = محصول: { $value }
summary-region = منطقه: { $value }
summary-quantity = تعداد: { $value }
summary-unit-price = قیمت واحد: { $value }
summary-total = جمع کل: { $value }
summary-balance-now = موجودی فعلی: { $value }
summary-balance-after = موجودی پس از سفارش: { $value }
summary-balance-unknown = موجودی کیف پول هم‌اکنون خوانده نشد؛ اگر کافی نباشد تأمین‌کننده سفارش را رد می‌کند.
summary-balance-short = موجودی کیف پول { $value } کم است. تا شارژ کیف پول، این سفارش ثبت نمی‌شود.
summary-stock-changed = موجودی تغییر کرده است: اکنون حداکثر { $max } عدد قابل سفارش است. لطفاً تعداد را تغییر دهید.
edit-choose = چه چیزی را می‌خواهید تغییر دهید؟
edit-product = محصول
edit-region = منطقه
edit-quantity = تعداد

order-placing = در حال ثبت سفارش…
order-placed = سفارش { $reference } ثبت شد ({ $state }). به محض تحویل از طرف تأمین‌کننده، کدها را همین‌جا می‌فرستم.
order-rejected = تأمین‌کننده سفارش را رد کرد: { $reason }
order-rejected-funds = موجودی کیف پول برای این سفارش کافی نیست و تأمین‌کننده آن را رد کرد. مبلغی کسر نشد. یکی از مدیران می‌تواند کیف پول را شارژ کند. { $detail }
order-rejected-stock = تأمین‌کننده دیگر به اندازهٔ این سفارش موجودی ندارد. مبلغی کسر نشد. تعداد کمتر یا محصول دیگری را امتحان کنید. { $detail }
order-rejected-gone = تأمین‌کننده دیگر این محصول را عرضه نمی‌کند. مبلغی کسر نشد. { $detail }
order-rejected-busy = تأمین‌کننده در حال حاضر تعداد درخواست‌ها را محدود کرده و سفارش را نپذیرفت. مبلغی کسر نشد. لطفاً یک دقیقهٔ دیگر دوباره تلاش کنید.
order-rejected-unreachable = دسترسی به تأمین‌کننده ممکن نشد؛ سفارش ارسال نشد و مبلغی کسر نشد. لطفاً چند دقیقهٔ دیگر دوباره تلاش کنید.
order-rejected-access = تأمین‌کننده دسترسی ما را نپذیرفت؛ سفارش ثبت نشد و مبلغی کسر نشد. به مدیران اطلاع داده شد.
order-rejected-no-reason = تأمین‌کننده سفارش را بدون ذکر دلیل رد کرد.
order-unknown = تأمین‌کننده ثبت سفارش شما را تأیید نکرد. ممکن است سفارش ثبت شده باشد یا نه، و ممکن است مبلغ از کیف پول کسر شده باشد. دوباره سفارش ندهید: در حال بررسی با تأمین‌کننده هستم و نتیجه را همین‌جا اعلام می‌کنم.
order-already-confirmed = این سفارش قبلاً تأیید شده بود ({ $reference }: { $state }) و دوباره ثبت نشد. وضعیت آن را در /orders ببینید.
order-already-confirmed-not-placed = این تأیید قبلاً بررسی شده بود و آن سفارش ثبت نشد. برای شروع دوباره /order را بفرستید.
order-same-pending = سفارشی مشابه هنوز در حال بررسی با تأمین‌کننده است. پیش از سفارش دوباره، منتظر نتیجهٔ آن بمانید.
order-failed-internal = هنگام ثبت سفارش در سمت ما خطایی رخ داد. لطفاً پیش از تلاش دوباره، /orders را ببینید.
order-expired = سفارش شما پس از { $minutes } دقیقه بی‌فعالیتی لغو شد. چیزی سفارش داده نشد. برای شروع دوباره /order را بفرستید.

staff-usage =
    روش استفاده:
    /staff: فهرست همه
    /staff add <شناسهٔ تلگرام> [admin|staff|viewer]
    /staff role <شناسهٔ تلگرام> admin|staff|viewer
    /staff remove <شناسهٔ تلگرام>
staff-list-title = کارکنان ({ $count }):
staff-role-admin = مدیر
staff-role-staff = کارمند
staff-from-env = (از تنظیم ADMIN_IDS)
staff-added = { $id } اکنون به‌عنوان { $role } به giftdesk دسترسی دارد.
staff-updated = نقش { $id } اکنون { $role } است.
staff-unchanged = { $id } از قبل { $role } است.
staff-removed = دسترسی { $id } برداشته شد.
staff-not-found = { $id } در فهرست کارکنان نیست.
staff-env-admin = { $id } مدیری است که در تنظیم ADMIN_IDS آمده است؛ برای تغییر او آن تنظیم را تغییر دهید.
staff-last-admin = { $id } آخرین مدیر است و نمی‌توان او را حذف کرد.
staff-bad-id = «{ $value }» شناسهٔ عددی تلگرام نیست.

sync-started = در حال به‌روزرسانی کاتالوگ از تأمین‌کننده…
sync-done = کاتالوگ به‌روز شد: { $products } محصول در { $categories } دسته ({ $removed } حذف‌شده).
sync-failed = به‌روزرسانی کاتالوگ ناموفق بود؛ کاتالوگ قبلی حفظ شد. علت: { $reason }
sync-failed-alert = هشدار: به‌روزرسانی زمان‌بندی‌شدهٔ کاتالوگ ناموفق بود؛ کاتالوگ قبلی حفظ شد. علت: { $reason }
sync-failed-empty = به‌روزرسانی کاتالوگ ناموفق بود و هنوز هیچ کاتالوگی بارگیری نشده است؛ تا یک به‌روزرسانی موفق نشود، /order محصولی برای عرضه ندارد. علت: { $reason }
sync-failed-empty-alert = هشدار: به‌روزرسانی کاتالوگ ناموفق بود و هنوز هیچ کاتالوگی بارگیری نشده است؛ تا یک به‌روزرسانی موفق نشود، کارکنان نمی‌توانند سفارش دهند. طبق زمان‌بندی دوباره تلاش می‌کنم؛ /sync همین حالا تلاش می‌کند. علت: { $reason }

command-order = سفارش گیفت کارت
command-balance = موجودی کیف پول
command-cancel = لغو مرحلهٔ جاری
command-language = تغییر زبان
command-help = کارهایی که می‌توانم انجام دهم
command-start = شروع

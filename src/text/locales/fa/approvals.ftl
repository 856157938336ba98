### Persian messages for approvals (Fluent): orders above a person's approval threshold wait for an administrator.

approval-line = درخواست { $id }: { $product } × { $quantity }، { $total }
approval-waiting = این سفارش باید به تأیید یکی از مدیران برسد: جمع آن، { $total }، از سقف تأیید شما ({ $threshold }) بیشتر است. تا وقتی مدیری آن را تأیید نکند، چیزی فرستاده یا کسر نمی‌شود. نتیجه را همین‌جا به شما خبر می‌دهم؛ اگر تا { $until } تصمیمی گرفته نشود، درخواست منقضی می‌شود.
approval-admin-title = نیاز به تأیید: درخواست { $id }
approval-admin-who = سفارش‌دهنده: { $person }
approval-admin-threshold = سقف بدون نیاز به تأیید: { $value }
approval-admin-until = مهلت تا: { $until }
approval-admin-self = شما تنها مدیر هستید، پس می‌توانید سفارش خودتان را تأیید کنید؛ این تأیید به‌عنوان «تأیید به دست خود» ثبت می‌شود.
approval-admin-reject-hint = برای رد کردن همراه با دلیل: /approvals reject { $id } <دلیل>
btn-approve = تأیید
btn-reject = رد
approval-checking = در حال بررسی قیمت، موجودی و اعتبار کیف پول…
approval-not-found = درخواست تأییدی با شمارهٔ { $id } وجود ندارد.
approval-own-order = سفارش خودتان را باید مدیر دیگری تأیید کند.
approval-already-approved = { $person } پیش‌تر آن را تأیید کرده است.
approval-being-approved = { $person } همین حالا در حال تأیید آن است.
approval-already-rejected = { $person } پیش‌تر آن را رد کرده است.
approval-already-expired = بدون تصمیم منقضی شد؛ سفارشی ثبت نشد.
approval-stale = اعداد این درخواست از زمان این خلاصه تغییر کرده است؛ تازه‌ترین خلاصهٔ آن را تأیید کنید.
approval-changed-price = قیمت هر عدد از { $from } به { $to } تغییر کرد. سفارشی ثبت نشد. جمع تازه را بررسی کنید و اگر هنوز مناسب است، دوباره تأیید کنید.
approval-changed-stock = تأمین‌کننده فقط { $stock } عدد دارد، کمتر از تعداد سفارش. سفارشی ثبت نشد و درخواست همچنان منتظر می‌ماند. آن را رد کنید، یا وقتی موجودی برگشت دوباره تأیید کنید.
approval-changed-region = تأمین‌کننده دیگر این منطقه را ارائه نمی‌دهد. سفارشی ثبت نشد؛ درخواست را رد کنید تا همکارتان بتواند دوباره سفارش دهد.
approval-blocked-paused = ثبت سفارش متوقف است، پس سفارشی ثبت نشد. درخواست منتظر می‌ماند: پس از /resume دوباره تأیید کنید.
approval-blocked-funds = اعتبار کیف پول ({ $balance }) برای { $total } کافی نیست. سفارشی ثبت نشد و درخواست منتظر می‌ماند.
approval-blocked-limit = این سفارش از سقف‌های { $person } بیشتر است: { $reason }. سفارشی ثبت نشد.
approval-blocked-unchecked = قیمت را نشد با تأمین‌کننده بررسی کرد، پس سفارشی ثبت نشد. { $reason }
approval-done = تأیید کردید. { $order }
approval-done-self = سفارش خودتان را تأیید کردید (به‌عنوان تأیید به دست خود ثبت شد). { $order }
approval-failed = تأیید شد، اما به‌خاطر یک خطای داخلی سفارش ثبت نشد. از این درخواست دوباره سفارشی ثبت نخواهد شد.
approval-rejected-done = رد شد. به { $person } خبر داده شد.
approval-staff-approved = { $person } سفارش شما را تأیید کرد. { $order }
approval-staff-rejected = { $person } سفارش شما را رد کرد. { $order }. مبلغی کسر نشد.
approval-staff-rejected-reason = دلیل: { $reason }
approval-staff-expired = سفارش شما بیش از حد منتظر تأیید ماند و منقضی شد. { $order }. چیزی فرستاده یا کسر نشد؛ می‌توانید دوباره سفارش دهید.
approval-staff-price-changed = قیمت هر عدد از سفارشِ در انتظار شما از { $from } به { $to } تغییر کرد. { $order }. از مدیران خواسته شد جمع تازه را تأیید کنند.
approval-admin-expired = درخواستی از { $person } بدون تصمیم منقضی شد. { $order }. سفارشی ثبت نشد.
approvals-usage =
    روش استفاده:
    /approvals: سفارش‌هایی که منتظر تأییدند
    /approvals threshold <مبلغ>: سفارش‌های بیشتر از این مبلغ منتظر تأیید مدیر می‌مانند (پیش‌فرض تیم)
    /approvals threshold off: هیچ سفارشی نیاز به تأیید ندارد (پیش‌فرض تیم)
    /approvals reject <درخواست> [دلیل]: رد کردن درخواست و گفتن دلیل به همکار
approvals-threshold-set = از این پس سفارش‌های بیشتر از { $amount } منتظر تأیید یکی از مدیران می‌مانند. اگر برای کسی سقف تأیید جداگانه‌ای تعیین شده باشد، همان برای او معتبر است.
approvals-threshold-off = از این پس سفارش‌ها نیاز به تأیید ندارند، جز برای کسانی که سقف تأیید جداگانه دارند.
approvals-threshold-now = سفارش‌های بیشتر از { $amount } منتظر تأیید می‌مانند (پیش‌فرض تیم).
approvals-threshold-none = به‌طور پیش‌فرض هیچ سفارشی نیاز به تأیید ندارد.
approvals-none = هیچ سفارشی منتظر تأیید نیست.
approvals-list-title = سفارش‌های منتظر تأیید: { $count }
approvals-list-item = { $order }، از { $person }، تا { $until }
approvals-list-more = … و { $count } مورد دیگر
help-admin-approvals =
    /approvals: سفارش‌های منتظر تأیید؛ با /approvals threshold <مبلغ>|off مبلغی را تعیین کنید که سفارش‌های بیشتر از آن منتظر تأیید بمانند
approval-summary-note = سفارش‌های بیشتر از { $threshold } باید به تأیید یکی از مدیران برسند: این سفارش پس از تأیید نهایی شما منتظر تأیید مدیر می‌ماند و پیش از آن مبلغی کسر نمی‌شود.
approval-requester-cannot-order = ثبت نشد: { $person } دیگر اجازهٔ سفارش ندارد (از کارکنان حذف شده یا فقط‌خواندنی شده است). این درخواست بسته شد.

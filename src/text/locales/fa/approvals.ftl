### پیام‌های فارسی تأیید سفارش (Fluent): سفارش‌هایی که از سقف تأیید یک نفر بیشتر باشند، منتظر تصمیم یکی از مدیران می‌مانند.

approval-line = درخواست { $id }: { $goods }، { $total }
approval-waiting = این سفارش باید به تأیید یکی از مدیران برسد. جمع آن { $total } است؛ تا مدیری آن را تأیید نکند، چیزی فرستاده یا کسر نمی‌شود. تصمیم مدیران را همین‌جا به شما خبر می‌دهم؛ اگر تا { $until } تصمیمی گرفته نشود، درخواست منقضی می‌شود.
approval-admin-title = نیاز به تأیید: درخواست { $id }
approval-admin-who = سفارش‌دهنده: { $person }
approval-admin-who-id = شناسهٔ تلگرام: { $id }
approval-admin-threshold = سقف تأیید: { $value }
approval-admin-day-total = مجموع امروزِ او تا این لحظه، با همین درخواست: { $value }
approval-admin-until = مهلت تصمیم: تا { $until }
approval-admin-self = شما تنها مدیر هستید، پس می‌توانید سفارش خودتان را تأیید کنید؛ این تأیید با عنوان «تأیید از سوی خود سفارش‌دهنده» ثبت می‌شود.
approval-admin-reject-hint = برای رد کردن همراه با دلیل: /approvals reject { $id } <دلیل>
btn-approve = تأیید
btn-reject = رد
approval-checking = در حال بررسی قیمت، موجودی کالا و موجودی کیف پول…
approval-not-found = درخواست تأییدی با شمارهٔ { $id } وجود ندارد.
approval-own-order = سفارش خودتان را باید مدیر دیگری تأیید کند.
approval-code-asked-privately = در گفت‌وگوی خصوصی‌مان برایتان نوشتم: تأیید به کد برنامهٔ احراز هویت شما نیاز دارد که همان‌جا فرستاده می‌شود، هرگز در گروه.
approval-open-private-chat = تأیید به کد برنامهٔ احراز هویت شما نیاز دارد که در گفت‌وگوی خصوصی پرسیده می‌شود. اول یک گفت‌وگوی خصوصی با من باز کنید (آن‌جا Start را بزنید) و بعد دوباره «تأیید» را بزنید.
approval-already-approved = { $person } پیش‌تر آن را تأیید کرده است.
approval-being-approved = { $person } همین حالا در حال تأیید آن است.
approval-already-rejected = { $person } پیش‌تر آن را رد کرده است.
approval-already-expired = این درخواست بدون تصمیم منقضی شد؛ سفارشی ثبت نشد.
approval-stale = اعداد این درخواست بعد از این خلاصه تغییر کرده‌اند؛ تازه‌ترین خلاصهٔ همین درخواست را تأیید کنید.
approval-changed-price = قیمت هر عدد { $product } از { $from } به { $to } تغییر کرد. سفارشی ثبت نشد. جمع تازه را بررسی کنید و اگر هنوز مناسب است، دوباره تأیید کنید.
approval-changed-prices = قیمت { $count } محصول تغییر کرد و جمع کل از { $from } به { $to } رسید. سفارشی ثبت نشد. ردیف‌های تازه را بررسی کنید و اگر هنوز مناسب است، دوباره تأیید کنید.
approval-changed-stock = تأمین‌کننده از { $product } فقط { $stock } عدد دارد که از تعداد سفارش کمتر است. سفارشی ثبت نشد و درخواست همچنان منتظر می‌ماند. درخواست را رد کنید، یا وقتی موجودی برگشت دوباره تأیید کنید.
approval-changed-region = تأمین‌کننده دیگر { $product } را عرضه نمی‌کند. سفارشی ثبت نشد؛ درخواست را رد کنید تا کارمند بتواند دوباره سفارش دهد.
approval-blocked-paused = ثبت سفارش متوقف است، پس سفارشی ثبت نشد. درخواست منتظر می‌ماند: پس از /resume دوباره تأیید کنید.
approval-blocked-hidden = یکی از مدیران { $product } را از کارمندان پنهان کرده است، برای همین چیزی ثبت نشد. درخواست همچنان منتظر می‌ماند: پس از نمایش دوبارهٔ آن (/catalog show) دوباره تأیید کنید، یا درخواست را رد کنید.
approval-blocked-funds = موجودی کیف پول ({ $balance }) برای { $total } کافی نیست. سفارشی ثبت نشد و درخواست منتظر می‌ماند.
approval-blocked-limit = این سفارش از سقف‌های { $person } بیشتر است: { $reason }. سفارشی ثبت نشد.
approval-blocked-limit-reason = سقف { $kind }: { $cap }، { $left } مانده
approval-blocked-unchecked = بررسی قیمت با تأمین‌کننده ممکن نشد، پس سفارشی ثبت نشد. { $reason }
approval-done = آن را تأیید کردید. { $order }
approval-done-by = { $by } آن را تأیید کرد. { $order }
approval-charged-other-amount = ⚠️ تأمین‌کننده { $charged } کسر کرد، نه { $confirmed } که تأیید شده بود: قیمت آن درست هنگام ارسال سفارش تغییر کرد.
approval-done-self = سفارش خودتان را تأیید کردید (با عنوان «تأیید از سوی خود سفارش‌دهنده» ثبت شد). { $order }
approval-failed = تأیید شد، اما به دلیل یک خطای داخلی سفارش ثبت نشد. از این درخواست دوباره سفارشی ثبت نخواهد شد.
approval-rejected-done = رد شد. به { $person } خبر داده شد.
approval-rejected-done-by = { $by } آن را رد کرد. به { $person } خبر داده شد.
approval-staff-approved = { $person } سفارش شما را تأیید کرد. { $order }
approval-staff-rejected = { $person } سفارش شما را رد کرد. { $order }. مبلغی کسر نشد.
approval-staff-rejected-reason = دلیل: { $reason }
approval-staff-expired = سفارش شما مدت زیادی منتظر تأیید ماند و منقضی شد. { $order }. چیزی فرستاده یا کسر نشد؛ می‌توانید دوباره سفارش دهید.
approval-staff-price-changed = قیمت هر عدد { $product } در سفارش منتظر تأیید شما از { $from } به { $to } تغییر کرد. { $order }. از مدیران خواسته شد جمع تازه را تأیید کنند.
approval-staff-prices-changed = قیمت { $count } محصول در سفارش منتظر تأیید شما تغییر کرد و جمع کل از { $from } به { $to } رسید. { $order }. از مدیران خواسته شد جمع تازه را تأیید کنند.
approval-admin-expired = درخواست { $person } بدون تصمیم منقضی شد. { $order }. سفارشی ثبت نشد.
btn-withdraw = انصراف
approval-already-withdrawn = { $person } که آن را خواسته بود، پسش گرفت؛ سفارشی ثبت نشد.
approval-admin-withdrawn = { $person } این درخواست را پس گرفت و دیگر چیزی برای تأیید نمانده است. { $order }. سفارشی ثبت نشد.
approval-withdrawn-done = سفارشتان را پس گرفتید. { $order }. چیزی فرستاده یا کسر نشد.
approval-withdraw-being-approved = دیگر نمی‌شود آن را پس گرفت: { $person } همین حالا در حال تأیید آن است. نتیجه را همین‌جا به شما خبر می‌دهم.
approval-withdraw-approved = دیگر نمی‌شود آن را پس گرفت: { $person } آن را تأیید کرده است. وضعیتش را در /orders ببینید.
approval-withdraw-rejected = چیزی برای پس گرفتن نمانده است: { $person } آن را رد کرده است. مبلغی کسر نشد.
approval-withdraw-expired = چیزی برای پس گرفتن نمانده است: بدون تصمیم منقضی شد. چیزی فرستاده یا کسر نشد.
approval-withdraw-already = این درخواست را پیش‌تر پس گرفته‌اید. چیزی فرستاده یا کسر نشد.
approvals-usage =
    روش استفاده:
    /approvals: سفارش‌هایی که منتظر تأییدند
    /approvals threshold <مبلغ>: سفارش‌های بیشتر از این مبلغ منتظر تأیید مدیر می‌مانند (پیش‌فرض تیم)
    /approvals threshold off: هیچ سفارشی نیاز به تأیید ندارد (پیش‌فرض تیم)
    /approvals reject <درخواست> [دلیل]: رد کردن درخواست و گفتن دلیل آن به کارمند
approvals-threshold-set = از این پس سفارش‌های بیشتر از { $amount } منتظر تأیید یکی از مدیران می‌مانند. اگر برای کسی سقف تأیید جداگانه‌ای تعیین شده باشد، همان برای او معتبر است.
approvals-threshold-off = از این پس سفارش‌ها نیاز به تأیید ندارند، جز برای کسانی که سقف تأیید جداگانه دارند.
approvals-threshold-now = سفارش‌های بیشتر از { $amount } منتظر تأیید می‌مانند (پیش‌فرض تیم).
approvals-threshold-none = به‌طور پیش‌فرض هیچ سفارشی نیاز به تأیید ندارد.
approvals-none = هیچ سفارشی منتظر تأیید نیست.
approvals-list-title = سفارش‌های منتظر تأیید: { $count }
approvals-list-item = { $order }، از طرف { $person }، مهلت تا { $until }
approvals-list-more = … و { $count } مورد دیگر
help-admin-approvals =
    /approvals: سفارش‌های منتظر تأیید؛ با /approvals threshold <مبلغ>|off مبلغی را تعیین کنید که سفارش‌های بیشتر از آن منتظر تأیید بمانند
approval-summary-note = این سفارش باید به تأیید یکی از مدیران برسد: پس از زدن «تأیید سفارش» منتظر تأیید مدیر می‌ماند و تا آن موقع مبلغی کسر نمی‌شود.
approval-requester-cannot-order = ثبت نشد: { $person } دیگر اجازهٔ سفارش ندارد (از کارکنان حذف شده یا ناظر شده است). این درخواست بسته شد.
approval-needed-meanwhile = فرستاده نشد: این سفارش همراه با سفارش‌های امروز شما اکنون به تأیید یکی از مدیران نیاز دارد. برای درخواست تأیید، دوباره «تأیید سفارش» را بزنید.

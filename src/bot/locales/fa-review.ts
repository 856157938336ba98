/** Persian messages for /review (Fluent): orders whose outcome an administrator settles. */
export const faReview = `
review-title = سفارش‌های منتظر تصمیم شما: { $count }
review-order = #{ $id }: { $product } × { $quantity }، { $amount }، سفارش‌دهنده: { $userId }
review-sent-at = زمان ارسال به تأمین‌کننده: { $when }
review-candidates = موارد محتمل نزد تأمین‌کننده: { $candidates }
review-candidates-unrecorded = موردی ثبت نشده است؛ سابقهٔ سفارش‌های تأمین‌کننده را در حوالی همان زمان بررسی کنید
review-candidates-none = هیچ: همهٔ سفارش‌های در دسترس بررسی و رد شدند، اما سابقه تا آن زمان خوانده نشد؛ ممکن است سفارش قدیمی‌تر باشد
review-more-candidates = … و { $count } مورد دیگر
review-list-separator = { "؛ " }
review-more = … و { $count } سفارش دیگر که اینجا نیامده است. فهرست از قدیمی‌ترین مرتب شده است: این‌ها را روشن کنید و دوباره /review را بفرستید.
review-how =
    برای روشن کردن تکلیف هر سفارش:
    /review #<شماره> adopt <شماره یا کد پیگیری سفارش نزد تأمین‌کننده>: آن سفارش تأمین‌کننده همین سفارش است؛ پیگیری می‌شود و کدهایش به کارمند تحویل داده می‌شود.
    /review #<شماره> none: سفارشی ثبت نشده است؛ به کارمند گفته می‌شود که سفارش دوباره بی‌خطر است (پیش از آن تأیید می‌کنید).
review-none-waiting = هیچ سفارشی منتظر بررسی نیست.
review-usage =
    روش استفاده:
    /review: سفارش‌های منتظر تصمیم شما
    /review #<شماره> adopt <شماره یا کد پیگیری سفارش نزد تأمین‌کننده>
    /review #<شماره> none
review-not-found = سفارشی با شمارهٔ #{ $id } وجود ندارد.
review-not-waiting = سفارش #{ $id } منتظر بررسی نیست: وضعیت آن «{ $state }» است. چیزی تغییر نکرد.
review-provider-not-found = تأمین‌کننده سفارشی با شناسهٔ { $value } ندارد. چیزی تغییر نکرد.
review-already-linked = سفارش { $reference } تأمین‌کننده پیش‌تر به سفارش #{ $linked } ما وصل شده است، پس نمی‌تواند این سفارش هم باشد. چیزی تغییر نکرد.
review-mismatch = سفارش { $reference } تأمین‌کننده این سفارش نیست: { $reasons }. چیزی تغییر نکرد.
review-mismatch-product = برای محصول دیگری است
review-mismatch-region = برای منطقهٔ دیگری است
review-mismatch-quantity = تعداد آن فرق دارد
review-mismatch-no-items = هیچ قلمی ندارد
review-settled-adopted = انجام شد: سفارش #{ $id } همان سفارش { $reference } تأمین‌کننده است (وضعیت نزد تأمین‌کننده: { $state }). به کارمند خبر داده شد و از این پس مانند هر سفارش دیگری پیگیری می‌شود: کدها به محض تحویل از طرف تأمین‌کننده برای او فرستاده می‌شود.
review-amount-differs = توجه: تأمین‌کننده { $charged } کسر کرده است، اما خلاصهٔ سفارش { $expected } بود.
review-settled-none = انجام شد: سفارش #{ $id } ثبت‌نشده علامت خورد. به کارمند گفته شد که مبلغی کسر نشده است و سفارش دوباره بی‌خطر است.
review-none-confirm = این سفارش ثبت‌نشده علامت بخورد؟ به کارمند گفته می‌شود که سفارش دوباره بی‌خطر است. فقط پس از بررسی سابقهٔ سفارش‌های تأمین‌کننده و کیف پول تأیید کنید: اگر سفارشی در واقع ثبت شده باشد، سفارش دوباره یعنی دو بار خرید.
btn-review-none-confirm = تأیید: سفارشی ثبت نشده است
review-kept = چیزی تغییر نکرد: سفارش #{ $id } همچنان منتظر بررسی است.
`;

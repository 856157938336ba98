### Persian messages for the ordering pause (Fluent): /pause, /resume and the pause shown in /start and /balance.

ordering-paused-by-provider = ثبت سفارش از { $since } متوقف است: تأمین‌کننده دسترسی ما را نپذیرفت. پاسخ خود تأمین‌کننده: «{ $reason }». تا وقتی یکی از مدیران دوباره آن را باز نکند، هیچ سفارشی فرستاده نمی‌شود.
ordering-paused-by-admin = ثبت سفارش از { $since } به دست یکی از مدیران متوقف شده است: { $reason }. تا وقتی یکی از مدیران دوباره آن را باز نکند، هیچ سفارشی فرستاده نمی‌شود.
ordering-pause-no-reason = دلیلی گفته نشده است
ordering-pause-resume-hint = برای باز کردن دوبارهٔ ثبت سفارش، /resume را بفرستید.
ordering-paused-alert = ثبت سفارش متوقف شد: تأمین‌کننده درخواست giftdesk را نپذیرفت (HTTP { $status }). پاسخ خود تأمین‌کننده: «{ $reason }». تا وقتی یکی از مدیران /resume را نفرستد، هیچ سفارشی فرستاده نمی‌شود. اول کلید API و فهرست IPهای مجاز سرور را در پنل تأمین‌کننده بررسی کنید؛ هر وقت تأمین‌کننده دوباره پاسخ داد، خبرتان می‌کنم.
order-rejected-paused = ثبت سفارش فعلاً متوقف است؛ سفارش فرستاده نشد و مبلغی کسر نشد.
ordering-provider-back-alert = تأمین‌کننده دوباره به giftdesk پاسخ می‌دهد. ثبت سفارش هنوز متوقف است: برای باز کردن آن /resume را بفرستید.
pause-done = ثبت سفارش متوقف شد. تا وقتی یکی از مدیران /resume را نفرستد، هیچ سفارشی فرستاده نمی‌شود.
pause-already = چیزی تغییر نکرد.
pause-by-other-admin = { $name } ثبت سفارش را متوقف کرد: { $reason }. برای باز کردن دوبارهٔ آن /resume را بفرستید.
resume-done = ثبت سفارش دوباره باز شد.
resume-done-provider = ثبت سفارش دوباره باز شد. اگر تأمین‌کننده هنوز دسترسی ما را نپذیرد، با نخستین رد دوباره متوقف می‌شود.
resume-not-paused = ثبت سفارش متوقف نیست.
resume-by-other-admin = { $name } ثبت سفارش را دوباره باز کرد.
help-admin-ordering-pause =
    /pause [دلیل]: توقف همهٔ سفارش‌ها تا /resume
    /resume: باز کردن دوبارهٔ ثبت سفارش

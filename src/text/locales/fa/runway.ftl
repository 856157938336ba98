### Persian messages for the wallet's runway: how long it lasts at the recent pace, and its alert (Fluent).

runway-days = { $count ->
   *[other] { $days } روز
}
runway-lasts = با این روند، کیف پول حدود { $days } دیگر (تا { $date }) کفایت می‌کند؛ هزینهٔ روزانهٔ اخیر حدود { $perDay }.
runway-within-day = با این روند، موجودی کیف پول کمتر از یک روز دیگر تمام می‌شود؛ هزینهٔ روزانهٔ اخیر حدود { $perDay }.
runway-empty = کیف پول خالی است؛ هزینهٔ روزانهٔ اخیر حدود { $perDay } بوده است.
runway-no-spend = در ۳۰ روز پیش از امروز هزینه‌ای از کیف پول نشده است؛ هنوز روندی نیست که بتوان از آن زمان تمام شدن موجودی را گفت.
runway-not-known = هنوز معلوم نیست کیف پول تا کی کفایت می‌کند: تراکنش‌های آن هنوز خوانده نشده‌اند.
runway-alert = موجودی کیف پول رو به پایان است: با این روند کمتر از { $threshold } کفایت می‌کند. موجودی: { $balance }.
runway-alert-tail = لطفاً کیف پول را از پنل تأمین‌کننده شارژ کنید یا با /topup request <مبلغ> از واحد مالی درخواست کنید. تا وقتی کیف پول دوباره مدت بیشتری کفایت نکند، این را تکرار نمی‌کنم.
runway-usage = /runway: کیف پول با روند اخیر تا کی کفایت می‌کند. /runway alert <روز>: وقتی کمتر از این تعداد روز کفایت کند، به مدیران خبر داده می‌شود. /runway alert off: بدون هشدار.
runway-alert-set = وقتی کیف پول با روند اخیر کمتر از { $days } کفایت کند، به مدیران خبر داده می‌شود. پس از هر هشدار، هشدار بعدی وقتی فرستاده می‌شود که دوباره دست‌کم { $rearm } کفایت کند و باز کم شود.
runway-alert-off = هشدار زمان کفایت کیف پول خاموش است.
runway-bad-days = «{ $value }» تعداد روز نیست: عددی صحیح از ۱ تا ۳۶۵ یا off بنویسید.
settings-runway = هشدار کفایت کیف پول زیر
settings-runway-how = تغییر با /runway alert <روز|off>
command-runway = کیف پول تا کی کفایت می‌کند
audit-setting-runway = هشدار کفایت کیف پول را { $value } کرد (پیش‌تر: { $before })

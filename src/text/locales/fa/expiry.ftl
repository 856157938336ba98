### Persian messages for codes that expire: the delivery's button, the reminder, /expiry and the digest's line (Fluent).

expiry-mark-button = ✅ کدها را تحویل دادم
expiry-marked-note = ✔️ تحویل داده شد
expiry-mark-done = ثبت شد که کدها را تحویل داده‌اید؛ برای این کدها یادآوری فرستاده نمی‌شود.
expiry-mark-already = تحویل این کدها پیش‌تر ثبت شده است.
expiry-mark-nothing = این سفارش کدی با تاریخ انقضا ندارد که بشود تحویلش را ثبت کرد.
expiry-mark-not-yours = فقط کسی که سفارش را ثبت کرده می‌تواند تحویل کدهایش را ثبت کند.

expiry-reminder = ⏳ { $count ->
    [one] اعتبار کد سفارش { $reference } ({ $goods }) در { $date } به پایان می‌رسد و هنوز تحویل آن ثبت نشده است.
   *[other] اعتبار { $cards } کد سفارش { $reference } ({ $goods }) در { $date } به پایان می‌رسد و هنوز تحویل آن‌ها ثبت نشده است.
}
expiry-reminder-first = ⏳ { $count ->
    [one] اعتبار کد سفارش { $reference } ({ $goods }) در { $date } به پایان می‌رسد و هنوز تحویل آن ثبت نشده است.
   *[other] اعتبار { $cards } کد سفارش { $reference } ({ $goods }) از { $date } به بعد به پایان می‌رسد و هنوز تحویل آن‌ها ثبت نشده است.
}
expiry-reminder-how = با /track { $reference } دوباره می‌توانید کدها را ببینید. اگر آن‌ها را تحویل داده‌اید، دکمهٔ زیر را بزنید.

expiry-usage = /expiry remind <روز|off>: به کسی که سفارش داده، یک بار و این تعداد روز پیش از انقضای کدهایش یادآوری می‌شود (۱ تا { $max } روز)، مگر آنکه تحویل کدها را ثبت کرده باشد.
expiry-state-on = برای کدهایی که تحویلشان ثبت نشده، { $days } روز پیش از انقضا و از ساعت ۹:۰۰ (به وقت { $zone }) یادآوری فرستاده می‌شود.
expiry-state-off = یادآوری انقضای کدها خاموش است.
expiry-bad-days = «{ $value }» عدد درستی از ۱ تا { $max } روز نیست؛ یا بنویسید off.
expiry-days = { $days } روز پیش از انقضا، از ساعت ۹:۰۰ ({ $zone })

settings-expiry-remind = یادآوری پیش از انقضای کدها
settings-expiry-remind-how = تغییر با /expiry remind <روز|off>

digest-expiring = کدهایی که تحویلشان ثبت نشده و تا { $date } منقضی می‌شوند: { $count }

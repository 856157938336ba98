### Persian messages for the order feed and the daily digest (Fluent).

feed-line = 🛒 { $person } { $goods } به مبلغ { $amount } سفارش داد (#{ $id })
feed-batch = 🛒 { $person } سفارش گروهی #{ $id } را ثبت کرد: { $orders } سفارش، { $units } عدد، جمعاً { $amount }
feed-failed = ❌ سفارش #{ $id } ({ $person }: { $goods }، { $amount }{ $centre }) نزد تأمین‌کننده ناموفق بود.
feed-cancelled = ❌ سفارش #{ $id } ({ $person }: { $goods }، { $amount }{ $centre }) از طرف تأمین‌کننده لغو شد.
feed-refunded = ↩️ تأمین‌کننده مبلغ سفارش #{ $id } ({ $person }: { $goods }، { $amount }{ $centre }) را بازگرداند.
feed-action-required = ⚠️ سفارش #{ $id } ({ $person }: { $goods }، { $amount }{ $centre }) منتظر اقدام یکی از کارکنان تأمین‌کننده است.
feed-usage = روش استفاده: /feed on یا /feed off. گزارش لحظه‌ای سفارش‌ها اکنون { $state } است.
feed-state-on = روشن
feed-state-off = خاموش
feed-on = از این پس برای هر سفارشی که ثبت شود، یک خط به همهٔ مدیران فرستاده می‌شود؛ و اگر آن سفارش بعداً ناموفق یا لغو شود، وجهش برگردد یا منتظر اقدام تأمین‌کننده بماند، یک خط دیگر.
feed-off = گزارش لحظه‌ای سفارش‌ها خاموش شد.

digest-usage = روش استفاده: /digest <ساعت ۰ تا ۲۳> یا /digest off. { $state }
digest-state-on = خلاصهٔ روزانه هر روز ساعت { $hour }:۰۰ (به وقت { $zone }) فرستاده می‌شود.
digest-state-off = خلاصهٔ روزانه خاموش است.
digest-bad-hour = «{ $value }» ساعت نیست: عددی از ۰ تا ۲۳ بنویسید، یا off.
digest-set = از این پس هر روز ساعت { $hour }:۰۰ (به وقت { $zone }) خلاصهٔ روز قبل برای همهٔ مدیران فرستاده می‌شود؛ نخستین بار در ساعت { $hour }:۰۰ پیش رو.
digest-off = خلاصهٔ روزانه خاموش شد.

settings-feed = گزارش لحظه‌ای سفارش‌ها برای مدیران
settings-feed-how = تغییر با /feed on|off
settings-digest = خلاصهٔ روزانه
settings-digest-at = هر روز ساعت { $hour }:۰۰ ({ $zone })
settings-digest-how = تغییر با /digest <ساعت ۰ تا ۲۳|off>

digest-title = خلاصهٔ روزانهٔ { $day }
digest-no-orders = هیچ سفارشی ثبت نشد.
digest-orders = { $count ->
   *[other] { $orders } سفارش، جمعاً { $spend }:
}
digest-orders-batches = { $count ->
   *[other] { $orders } سفارش، جمعاً { $spend }
}، که { $inBatches } سفارش از آن‌ها در { $batchCount ->
   *[other] { $batches } سفارش گروهی
} بود:
digest-person-line = • { $person }: { $count ->
   *[other] { $orders } سفارش
}، { $spend }
digest-no-returned = هیچ سفارشی ناموفق نبود و وجهی هم برنگشت.
digest-returned = ناموفق، لغوشده یا با بازگشت وجه: { $count }
digest-no-action = هیچ سفارشی منتظر اقدام نیست.
digest-action = سفارش‌های منتظر اقدام: { $count }
digest-order-line = • #{ $id } { $person }: { $product }، { $amount } ({ $state })
digest-more = …و { $count } مورد دیگر (با /export ببینید).
digest-balance = موجودی کیف پول: { $balance }
digest-balance-unknown = موجودی کیف پول: دریافت آن از تأمین‌کننده ممکن نشد.
# آنچه سفارش برایش بود، در پایان خط آن در گزارش لحظه‌ای (یادداشت کوتاه می‌شود).
feed-for-centre = — برای { $centre }
feed-for-centre-note = — برای { $centre }: { $note }
feed-for-note = — برای: { $note }
# هزینهٔ روز به تفکیک مرکز هزینه، وقتی سفارشی از آن روز مرکز هزینه‌ای داشته باشد.
digest-cost-centres = هزینه به تفکیک مرکز هزینه:
digest-cost-centre-line = • { $centre }: { $count ->
   *[other] { $orders } سفارش
}، { $spend }
digest-no-cost-centre = بدون مرکز هزینه
digest-cost-centres-folded = • { $centres } مرکز هزینهٔ دیگر: { $count ->
   *[other] { $orders } سفارش
}، { $spend }
feed-centres-more = { $centres } و { $more } مرکز دیگر
feed-follow-up-centre = ، { $centre }

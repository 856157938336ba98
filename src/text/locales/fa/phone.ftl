### پیام‌های فارسی تلفن کارمند: وقت محلی، خلاصهٔ پس از تأیید، دکمهٔ رونوشت کد، سفارش دوباره، پاسخ‌های غیرمتنی.

times-in-zone = زمان‌ها به { $zone }.
orders-entry =
    { $n }. { $name }: { $goods }
    { $state } · { $amount } · { $when }

orders-entry-batch =
    { $n }. سفارش گروهی #{ $id } · { $orders } سفارش · { $units } عدد
    { $state } · { $amount } · { $when }
orders-button-batch = { $n }. گروهی #{ $id } · { $orders } سفارش
delivery-copy = کپی { $what }
order-not-text = اینجا فقط متن و دکمه را می‌فهمم، نه استیکر، عکس، پیام صوتی یا مخاطب. لطفاً به پرسش زیر با متن یا یکی از دکمه‌ها پاسخ دهید.
recap-order = { $goods }
recap-charged = مبلغ کسرشده: { $amount }
recap-charged-other-amount = ⚠️ مبلغ کسرشده: { $charged }، نه { $confirmed } که تأیید کرده بودید. قیمت تأمین‌کننده درست هنگام ارسال سفارش تغییر کرد. به مدیران خبر داده شد.
recap-typical-under-a-minute = تحویل معمولاً کمتر از یک دقیقه طول می‌کشد.
recap-typical-minutes = تحویل معمولاً حدود { $minutes } دقیقه طول می‌کشد.
recap-typical-unknown = هنوز تحویل اخیری نداشته‌ایم که بشود از روی آن گفت؛ بیشتر سفارش‌ها ظرف چند دقیقه تحویل می‌شوند.
recap-check = برای پیگیری: /track { $reference }
delivery-charged = مبلغ کسرشده: { $amount }

### پیام‌های فارسی /catalog: آنچه مدیران از کارمندان پنهان می‌کنند.

catalog-item-product = محصول { $id } ({ $title })
catalog-item-category = دسته { $id } ({ $title })
catalog-hidden-title = پنهان از کارمندان:
catalog-hidden-line = • { $item }
catalog-hidden-line-new = • { $item }، محصول تازهٔ تأمین‌کننده
catalog-hidden-line-gone = • { $item }، دیگر در فهرست تأمین‌کننده نیست (اگر برگردد پنهان می‌ماند)
catalog-nothing-hidden = چیزی از کارمندان پنهان نیست.
catalog-new-line = محصولات تازهٔ تأمین‌کننده: { $state }
catalog-new-state-hidden = پنهان می‌رسند تا مدیری نمایششان دهد
catalog-new-state-shown = بی‌درنگ عرضه می‌شوند
catalog-usage =
    /catalog hide <شناسه> — پنهان کردن یک محصول، یا همهٔ محصولات یک دسته و زیردسته‌هایش، از کارمندان
    /catalog show <شناسه> — عرضهٔ دوباره
    (اگر محصول و دسته هر دو این شناسه را دارند، پیش از شناسه product یا category بنویسید)
    /catalog new hidden|shown — این‌که محصولات تازهٔ تأمین‌کننده پنهان برسند یا نه
catalog-not-found = هیچ محصول یا دسته‌ای شناسهٔ { $id } ندارد.
catalog-which = هم محصول و هم دسته‌ای شناسهٔ { $id } دارند: بنویسید /catalog hide product { $id } یا /catalog hide category { $id } (یا show).
catalog-not-hidden = { $id } پنهان نیست.
catalog-already-hidden = { $id } از پیش پنهان است.
catalog-hid = از کارمندان پنهان شد: { $item }. برای برگرداندن /catalog show.
catalog-showed = دوباره به کارمندان عرضه می‌شود: { $item }.
catalog-hid-by-other = { $name } { $item } را از کارمندان پنهان کرد.
catalog-showed-by-other = { $name } { $item } را دوباره به کارمندان عرضه کرد.
catalog-new-hidden = محصولات تازهٔ تأمین‌کننده از این پس پنهان می‌رسند تا مدیری نمایششان دهد (/catalog show <شناسه>).
catalog-new-shown = محصولات تازهٔ تأمین‌کننده از این پس بی‌درنگ عرضه می‌شوند.
catalog-new-hidden-by-other = { $name } تنظیم کرد که محصولات تازهٔ تأمین‌کننده پنهان برسند.
catalog-new-shown-by-other = { $name } تنظیم کرد که محصولات تازهٔ تأمین‌کننده بی‌درنگ عرضه شوند.
order-product-hidden = مدیران این محصول را فعلاً از فهرست برداشته‌اند. محصول دیگری انتخاب کنید.
again-product-hidden = مدیران محصول سفارش { $order } را فعلاً از فهرست برداشته‌اند. محصول دیگری انتخاب کنید.
again-line-product-hidden = ردیف { $index } سفارش { $order } ({ $product }) را مدیران از فهرست برداشته‌اند و کنار گذاشته شد.
batch-problem-not-orderable = «{ $value }» قابل سفارش نیست: مدیران آن را از فهرست برداشته‌اند.
settings-new-products = محصولات تازهٔ تأمین‌کننده
settings-new-products-how = تغییر با /catalog new hidden|shown؛ فهرست پنهان‌ها: /catalog
command-catalog = محصولات پنهان از کارمندان
audit-catalog-hidden = { $item } را از کارمندان پنهان کرد
audit-catalog-shown = { $item } را دوباره به کارمندان عرضه کرد
audit-setting-new-products-hidden = تنظیم کرد که محصولات تازه پنهان برسند
audit-setting-new-products-shown = تنظیم کرد که محصولات تازه بی‌درنگ عرضه شوند
order-rejected-hidden = فرستاده نشد: یکی از مدیران { $product } را از کارمندان پنهان کرده است و فعلاً نمی‌توان آن را سفارش داد. مبلغی کسر نشد.
order-lines-hidden = یکی از مدیران { $product } را از کارمندان پنهان کرد، برای همین از سفارش شما برداشته شد. چیزی سفارش داده نشد.

### Persian messages of the order conversation (Fluent): fresh numbers at Confirm, pauses, buttons and steps that failed.

btn-check-again = بررسی دوباره
order-button-invalid = این دکمه دیگر معتبر نیست.
order-step-not-shown = تلگرام این مرحله را نمایش نداد. برای تغییر پاسخ قبلی «بازگشت» را بزنید، یا لغو کنید.
summary-changed = قیمت یا موجودی از آخرین باری که این سفارش را دیدید تغییر کرده است. دوباره بررسی کنید و اگر هنوز مناسب است، تأیید را بزنید.
summary-unit-price-changed = قیمت واحد: { $from } ← { $to }
summary-total-changed = جمع کل: { $from } ← { $to }
summary-stock-now = موجودی: { $from } ← { $to }
summary-region-gone = تأمین‌کننده دیگر منطقه‌ای را که انتخاب کرده بودید ({ $region }) عرضه نمی‌کند. لطفاً دوباره انتخاب کنید.
summary-check-failed = بررسی قیمت فعلی ممکن نشد، پس فعلاً نمی‌توان سفارش را تأیید کرد. چیزی سفارش داده نشد. { $reason }
summary-more-answers = … و { $count } پاسخ دیگر
order-paused-provider = ثبت سفارش متوقف شده است: تأمین‌کننده دسترسی ما را نمی‌پذیرد. به مدیران اطلاع داده شد؛ تا یکی از آن‌ها ثبت سفارش را از سر نگیرد، چیزی سفارش داده نمی‌شود.
order-paused-admin = ثبت سفارش را یکی از مدیران متوقف کرده است.
order-paused-telegram = ثبت سفارش متوقف شده است: ممکن است حساب ربات در دست کس دیگری باشد. به مدیران اطلاع داده شد؛ تا یکی از آن‌ها ثبت سفارش را از سر نگیرد، چیزی سفارش داده نمی‌شود.
order-paused-reason = دلیل: { $reason }
order-paused-kept = سفارش شما محفوظ است و هنوز چیزی ثبت نشده است. وقتی ثبت سفارش از سر گرفته شد، «{ btn-check-again }» را بزنید، یا لغو کنید.

## سفارش چند کالا (سبد): یک خلاصه، یک تأیید.
btn-add-product = ➕ افزودن کالای دیگر
btn-edit-line = ✏️ { $index }. { $product }
btn-remove-line = حذف از این سفارش
btn-back-to-order = « بازگشت به سفارش
cart-adding = تعداد کالاهای این سفارش تا اینجا: { $count }. کالای بعدی را انتخاب کنید، یا به سفارش برگردید.
cart-full = هر سفارش حداکثر { $max } کالا می‌تواند داشته باشد: این سفارش را تأیید کنید و برای کالاهای بیشتر سفارش دیگری شروع کنید.
cart-line = { $index }. { $product } × { $quantity }
cart-line-price = هر عدد { $price }، جمعاً { $total }
cart-line-price-changed = هر عدد { $from } ← { $to }، جمعاً { $total }
cart-line-stock-short = موجودی تغییر کرده است: از این کالا حالا حداکثر { $max } عدد می‌توان سفارش داد. لطفاً تعدادش را تغییر دهید.
cart-already = { $product } از قبل در این سفارش هست (هر کالا فقط یک بار در سفارش می‌آید). ردیفش را همین‌جا تغییر دهید.
cart-removed = { $product } از سفارش حذف شد.
cart-line-product-gone = ردیف { $index } ({ $product }) دیگر عرضه نمی‌شود. برای تأیید بقیه، آن را حذف کنید.
cart-line-region-gone = تأمین‌کننده دیگر منطقهٔ ردیف { $index } ({ $product }، { $region }) را عرضه نمی‌کند. لطفاً دوباره انتخاب کنید.
edit-line-title = ردیف { $index }: { $product }
recap-lines = محصول‌ها: { $count }
recap-line = • { $product } × { $quantity }
again-line-product-gone = ردیف { $index } سفارش { $order } ({ $product }) دیگر عرضه نمی‌شود و کنار گذاشته شد.
again-line-region-gone = منطقهٔ ردیف { $index } سفارش { $order } ({ $product }) دیگر عرضه نمی‌شود. یک منطقه انتخاب کنید.
again-line-fields-changed = { $product } (ردیف { $index } سفارش { $order }) حالا چیزی می‌پرسد که آن سفارش پاسخش را نداده است. لطفاً پاسخ دهید.
again-line-price-changed = { $product }: قیمت تغییر کرده است، هر عدد { $from } ← { $to }.
cart-line-asks-more = { $product } حالا پرسش تازه‌ای دارد. لطفاً به آن پاسخ دهید؛ بعد خلاصهٔ سفارش را می‌بینید.

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
order-paused-reason = دلیل: { $reason }
order-paused-kept = سفارش شما محفوظ است و هنوز چیزی ثبت نشده است. وقتی ثبت سفارش از سر گرفته شد، «{ btn-check-again }» را بزنید، یا لغو کنید.

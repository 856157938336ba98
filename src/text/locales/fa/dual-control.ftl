### پیام‌های فارسی تأیید دونفره: تغییرهای حساسی که منتظر مدیر دوم می‌مانند.

dual-change-role = { $person } مدیر شود
dual-change-default = «{ $kind }» تیم { $value } شود
dual-change-person = «{ $kind }» { $person } { $value } شود
dual-change-reset = «{ $kind }» { $person } به پیش‌فرض تیم ({ $value }) برگردد
dual-asked = برای مدیران دیگر فرستاده شد: { $change }. با تأیید یکی از آن‌ها انجام می‌شود و اگر تا { $until } کسی تأیید نکند، لغو می‌شود.
dual-held = تغییر نکرد: { $change }. به‌تازگی مدیری حذف شده، پس تا { $until } چنین تغییری تأیید مدیر دوم را می‌خواهد و مدیر دیگری نیست. ADMIN_IDS روی سرور می‌تواند مدیری اضافه کند.
dual-card-title = لطفاً تأیید کنید
dual-card = { $requester } می‌خواهد: { $change }.
dual-card-hint = فقط اگر مطمئنید خودش خواسته، تأیید کنید. تا { $until } معتبر است.
dual-confirm-button = ✅ تأیید
dual-refuse-button = ✖️ رد
dual-news-confirmed = انجام شد: { $change }. درخواست از { $requester }، تأیید از { $by }.
dual-news-refused = انجام نشد: { $change }. درخواست از { $requester }، رد از { $by }.
dual-news-void = انجام نشد: { $change }. درخواست از { $requester }؛ { $why }
dual-news-expired = انجام نشد: { $change }. درخواست از { $requester }؛ کسی به‌موقع تأیید نکرد.
dual-news-immediate = { $by } این را تغییر داد: { $what }
dual-why-requester-not-admin = او دیگر مدیر نیست.
dual-why-person-gone = آن شخص دیگر در تیم نیست.
dual-why-invalid = درخواست خوانا نبود.
dual-not-found = این درخواست دیگر وجود ندارد.
dual-already-confirmed = قبلاً تأیید شده است.
dual-already-refused = قبلاً رد شده است.
dual-already-expired = مهلت این درخواست تمام شده است.
dual-own-request = درخواست خودتان را نمی‌توانید تأیید کنید؛ مدیر دیگری باید تأیید کند.
dual-not-admin = فقط مدیر می‌تواند درباره این تصمیم بگیرد.
dual-failed = تأیید شد، ولی تغییر ذخیره نشد و چیزی عوض نشد. لطفاً دوباره درخواست دهید.

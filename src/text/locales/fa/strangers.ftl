### پیام‌های فارسی برای پاسخ به کسانی که جزو کارکنان نیستند (Fluent).

strangers-reply-on = به کسانی که جزو کارکنان نیستند و به ربات پیام می‌دهند، ساعتی یک بار شناسه‌شان گفته می‌شود تا به یک مدیر بدهند.
strangers-silent-on = ربات به کسانی که جزو کارکنان نیستند هیچ پاسخی نمی‌دهد.
strangers-usage =
    /strangers reply: شناسهٔ کسانی که جزو کارکنان نیستند را (ساعتی یک بار) به خودشان بگو تا از یک مدیر بخواهند اضافه‌شان کند
    /strangers silent: به هیچ‌کس بیرون از کارکنان پاسخی نده
settings-strangers = پاسخ به کسانی که جزو کارکنان نیستند
settings-strangers-reply = شناسه‌شان، ساعتی یک بار
settings-strangers-silent = بی‌پاسخ
settings-strangers-how = تغییر با /strangers reply|silent
command-strangers = پاسخ دادن یا ندادن به کسانی که جزو کارکنان نیستند
audit-setting-strangers-reply = گذاشت ربات شناسهٔ کسانی را که جزو کارکنان نیستند به خودشان بگوید
audit-setting-strangers-silent = ربات را برای کسانی که جزو کارکنان نیستند بی‌پاسخ کرد

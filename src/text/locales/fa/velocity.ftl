### پیام‌های فارسی سقف‌های سرعت: هر نفر با چه سرعتی می‌تواند کار کند.

velocity-refused-orders = فرستاده نشد: در یک ساعت گذشته { $cap } سفارش ثبت کرده‌اید که بیشترین تعداد مجاز است. از { $when } دوباره می‌توانید سفارش دهید.
velocity-refused-reveals = نمایش داده نشد: در یک ساعت گذشته { $cap } بار کدهای دیگران را باز کرده‌اید که بیشترین تعداد مجاز است. از { $when } دوباره می‌توانید.
velocity-refused-reads = کمی آهسته‌تر: در هر دقیقه حداکثر { $cap } درخواست به تأمین‌کننده مجاز است. { $seconds } ثانیهٔ دیگر دوباره امتحان کنید.
velocity-too-fast = کمی آهسته‌تر: در این دقیقه درخواست‌های زیادی به تأمین‌کننده فرستاده‌اید. یک دقیقهٔ دیگر دوباره امتحان کنید.
velocity-refused-pending = فرستاده نشد: هم‌اکنون { $cap } سفارش شما منتظر تأیید مدیر است که بیشترین تعداد مجاز است. وقتی دربارهٔ یکی از آن‌ها تصمیم گرفته شد، دوباره می‌توانید درخواست دهید.
velocity-alert = درخواست { $person } رد شد: { $what }. تلاش‌های بعدی در یک ساعت آینده بدون هشدار دوباره رد می‌شوند. اگر این کار خود او نبوده، با /staff حذفش کنید.
velocity-what-orders = بیش از { $cap } سفارش در یک ساعت
velocity-what-reveals = بیش از { $cap } بار باز کردن کدهای دیگران در یک ساعت
velocity-what-reads = بیش از { $cap } درخواست به تأمین‌کننده در یک دقیقه
velocity-what-pending = بیش از { $cap } سفارش هم‌زمان در انتظار تأیید
settings-velocity-orders = بیشترین سفارش هر نفر در ساعت
settings-velocity-reveals = بیشترین دفعات باز کردن کدهای دیگران برای هر مدیر در ساعت
settings-velocity-reads = بیشترین درخواست به تأمین‌کننده برای هر نفر در دقیقه
settings-velocity-pending = بیشترین سفارش در انتظار تأیید برای هر نفر
settings-velocity-how = تغییر با /velocity { $kind } <عدد|off>
velocity-usage = روش استفاده: /velocity <orders|reveals|reads|pending> <عدد|off>
velocity-set = { $label }: اکنون { $value }.
velocity-current = { $label }: { $value }

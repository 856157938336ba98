### Persian messages about giftdesk starting up (Fluent): what staff see while the first catalog is still being read.

order-catalog-loading = کاتالوگ محصولات هنوز در حال بارگیری از تأمین‌کننده است. لطفاً یک دقیقهٔ دیگر دوباره /order را بفرستید.

## The database lost and back (PostgreSQL): what staff and administrators read meanwhile
outage-unavailable = giftdesk لحظاتی در دسترس نیست: به پایگاه داده‌اش دسترسی ندارد. چیزی سفارش داده نشد و پولی خرج نشد. لطفاً چند دقیقهٔ دیگر دوباره امتحان کنید.
outage-alert = ⚠️ giftdesk از { $since } به پایگاه داده‌اش دسترسی ندارد ({ $minutes } دقیقه). فعلاً هیچ سفارشی ثبت یا به تأمین‌کننده فرستاده نمی‌شود و به کارکنانی که پیام می‌دهند همین گفته می‌شود. کدهای سفارش‌های ثبت‌شده پس از بازگشت پایگاه داده تحویل داده می‌شوند.
outage-back = ✅ giftdesk پس از { $minutes } دقیقه دوباره به پایگاه داده‌اش دسترسی دارد. سفارش و تحویل از سر گرفته شد.

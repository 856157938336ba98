### Persian messages about giftdesk starting up (Fluent): what staff see while the first catalog is still being read.

order-catalog-loading = کاتالوگ محصولات هنوز در حال بارگیری از تأمین‌کننده است. لطفاً یک دقیقهٔ دیگر دوباره /order را بفرستید.

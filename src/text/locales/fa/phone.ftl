### پیام‌های فارسی تلفن کارمند: وقت محلی، خلاصهٔ پس از تأیید، دکمهٔ رونوشت کد، سفارش دوباره، پاسخ‌های غیرمتنی.

times-in-zone = زمان‌ها به { $zone }.
orders-entry =
    { $n }. { $name }: { $product } × { $quantity }
    { $state } · { $amount } · { $when }

delivery-copy = کپی { $what }

### Persian messages for orders whose outcome needed proof (Fluent): an accepted order not recorded, an automatic adoption.

order-accepted-unrecorded = تأمین‌کننده سفارش شما را پذیرفت: شمارهٔ پیگیری { $reference }. ثبت آن در اینجا طبق روال انجام نشد؛ یکی از مدیران در حال رسیدگی است و مطمئن می‌شود کدها به دستتان برسد. لطفاً این سفارش را دوباره ثبت نکنید.
alert-accepted-unrecorded = لطفاً رسیدگی کنید: تأمین‌کننده { $order } را با شمارهٔ پیگیری { $acceptedReference } (شمارهٔ سفارش { $acceptedOrderId }، { $acceptedAmount }) پذیرفته و مبلغ از کیف پول کسر شده است، اما این سفارش اینجا ثبت‌شده علامت نخورد؛ به احتمال زیاد چون سفارش دیگری در اینجا همان شمارهٔ سفارش تأمین‌کننده را دارد. با /review #{ $orderId } adopt { $acceptedReference } آن را بپذیرید.
alert-adopted = پذیرش خودکار: { $order } همان سفارش { $providerOrderId } تأمین‌کننده است. دلیل: تأمین‌کننده آن را در { $createdAt } ساخته، یعنی در همان فاصله‌ای که درخواست سفارش ما در راه بود ({ $from } تا { $to }، با حداکثر { $marginMs } میلی‌ثانیه اختلاف ساعت، { $measured ->
    [yes] اندازه‌گیری‌شده
   *[no] هنوز اندازه‌گیری نشده
  })، و کسر مبلغ { $debit } آن در کیف پول دیده می‌شود.
review-none-accepted = تأمین‌کننده سفارش #{ $id } را با شمارهٔ پیگیری { $reference } پذیرفته است، پس نمی‌شود آن را ثبت‌نشده علامت زد. با /review #{ $id } adopt { $reference } آن را بپذیرید.
review-released = سفارش { $reference } تأمین‌کننده روی سفارش #{ $linked } ما هم ثبت شده بود که مال یک حساب یا سندباکس دیگرِ قبلی است؛ آن پیوند کهنه برداشته شد.
track-hint-accepted-unrecorded = تأمین‌کننده این سفارش را پذیرفته، اما ثبت آن در اینجا طبق روال انجام نشد. یکی از مدیران در حال رسیدگی است و مطمئن می‌شود کدها به دستتان برسد؛ آن را دوباره سفارش ندهید.

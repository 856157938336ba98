### Persian messages for batches read from a CSV file: refusals of the whole file, and the problems of its rows.

batch-file-not-csv-spreadsheet = این فایل اکسل است، نه CSV. در اکسل از منوی File گزینهٔ Save As را بزنید، «CSV UTF-8 (Comma delimited)» را انتخاب کنید و همان فایل را بفرستید.
batch-file-not-csv-binary = این فایل جدول CSV نیست. یک فایل CSV بفرستید که هر ردیفش یک قلم سفارش باشد: محصول، منطقه، تعداد و جواب سؤال‌های محصول.
batch-file-not-csv-one-column = این فایل فقط یک ستون دارد و جدول سفارش نیست. هر ردیف دست‌کم به محصول و تعداد نیاز دارد که با ویرگول یا نقطه‌ویرگول از هم جدا شده باشند.
batch-file-not-csv-broken-quotes = گیومهٔ خط { $line } بسته نشده است و فایل خوانده نمی‌شود. فایل را دوباره از صفحه‌گسترده به شکل CSV ذخیره کنید و بفرستید.
batch-file-empty = این فایل هیچ ردیفی برای سفارش ندارد.
batch-file-too-many-rows = این فایل بیش از { $max } ردیف دارد و هر دسته حداکثر { $max } ردیف می‌پذیرد. آن را به چند فایل تقسیم کنید.
batch-file-not-utf8 = این فایل با UTF-8 ذخیره نشده است و متن فارسی‌اش به هم می‌ریزد. هنگام ذخیره در اکسل «CSV UTF-8 (Comma delimited)» را انتخاب کنید.
batch-file-not-utf8-utf16 = این فایل به شکل متن یونیکد (UTF-16) ذخیره شده است. آن را به شکل «CSV UTF-8 (Comma delimited)» ذخیره کنید و دوباره بفرستید.
batch-file-duplicate-column = ستون «{ $column }» دو بار آمده است. یکی را نگه دارید و فایل را دوباره بفرستید.

batch-problems-title = { $count ->
    [one] چیزی سفارش داده نشد: یک ردیف باید اصلاح شود.
   *[other] چیزی سفارش داده نشد: { $problems } مورد باید اصلاح شود.
}
batch-problems-fix = این موارد را در فایل اصلاح کنید و دوباره بفرستید.
batch-problem-at = ردیف { $row }، «{ $column }»: { $text }
batch-problem-at-row = ردیف { $row }: { $text }
batch-problems-more = …و { $count } مورد دیگر.

batch-problem-unknown-product = محصولی با شناسه یا عنوان «{ $value }» نیست.
batch-problem-ambiguous-title = چند محصول «{ $value }» نام دارند (شناسه‌های { $candidates })؛ شناسهٔ محصول موردنظر را بنویسید.
batch-problem-product-unavailable = «{ $value }» الان قابل سفارش نیست: هیچ منطقه‌ای از آن فروخته نمی‌شود.
batch-problem-wrong-region = این محصول منطقهٔ «{ $value }» ندارد؛ منطقه‌های آن: { $regions }.
batch-problem-bad-quantity = «{ $value }» تعداد نیست: یک عدد صحیح از ۱ به بالا بنویسید.
batch-problem-quantity-above-stock = فقط { $stock } عدد موجود است و ردیف‌های این محصول تا اینجا { $asked } عدد می‌خواهند.
batch-problem-missing-column = فایل چنین ستونی ندارد و این ردیف به آن نیاز دارد.
batch-problem-missing-value = این ردیف در این ستون مقدار لازم دارد.
batch-problem-invalid-answer = «{ $value }»: { $reason }
batch-problem-unknown-column = هیچ محصولی در این فایل سؤالی با این نام ندارد. نام ستون را اصلاح کنید یا ستون را بردارید.
batch-problem-duplicate-column = ستون دیگری جواب همین سؤال را دارد. یکی از آن دو را نگه دارید.
batch-problem-stray-value = «{ $value }» بیرون از ستون‌های نام‌دار است.

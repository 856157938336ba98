### Persian words of the product lists: a price that depends on the region, and how many are left.

catalog-price-from = از { $price }
catalog-in-stock = { $count } عدد موجود
catalog-few-left = فقط { $count } عدد مانده

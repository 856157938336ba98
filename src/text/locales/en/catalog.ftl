### English words of the product lists: a price that depends on the region, and how many are left.

catalog-price-from = from { $price }
catalog-in-stock = { $count } in stock
catalog-few-left = only { $count } left

### English messages for /catalog: what administrators hide from staff.

catalog-item-product = product { $id } ({ $title })
catalog-item-category = category { $id } ({ $title })
catalog-hidden-title = Hidden from staff:
catalog-hidden-line = • { $item }
catalog-hidden-line-new = • { $item }, new from the provider
catalog-hidden-line-gone = • { $item }, no longer listed by the provider (stays hidden if it returns)
catalog-nothing-hidden = Nothing is hidden from staff.
catalog-new-line = New products from the provider: { $state }
catalog-new-state-hidden = arrive hidden until an administrator shows them
catalog-new-state-shown = are offered at once
catalog-usage =
    /catalog hide <id> — hide a product, or every product of a category and of the categories under it, from staff
    /catalog show <id> — offer it again
    (write product or category before the id when both have it)
    /catalog new hidden|shown — whether new products from the provider arrive hidden
catalog-not-found = No product or category has the id { $id }.
catalog-which = Both a product and a category have the id { $id }: write /catalog hide product { $id } or /catalog hide category { $id } (or show).
catalog-not-hidden = { $id } is not hidden.
catalog-already-hidden = { $id } is already hidden.
catalog-hid = Hidden from staff: { $item }. Undo with /catalog show.
catalog-showed = Offered to staff again: { $item }.
catalog-hid-by-other = { $name } hid { $item } from staff.
catalog-showed-by-other = { $name } offered { $item } to staff again.
catalog-new-hidden = New products from the provider will arrive hidden until an administrator shows them (/catalog show <id>).
catalog-new-shown = New products from the provider will be offered at once.
catalog-new-hidden-by-other = { $name } set new products from the provider to arrive hidden.
catalog-new-shown-by-other = { $name } set new products from the provider to be offered at once.
order-product-hidden = Administrators have taken this product off the list for now. Choose another one.
again-product-hidden = Administrators have taken the product of order { $order } off the list for now. Choose another one.
again-line-product-hidden = Line { $index } of order { $order } ({ $product }) was taken off the list by administrators and was left out.
batch-problem-not-orderable = “{ $value }” is not orderable: administrators have taken it off the list.
settings-new-products = New products from the provider
settings-new-products-how = Change with /catalog new hidden|shown; what is hidden: /catalog
command-catalog = Products hidden from staff
audit-catalog-hidden = hid { $item } from staff
audit-catalog-shown = offered { $item } to staff again
audit-setting-new-products-hidden = set new products to arrive hidden
audit-setting-new-products-shown = set new products to be offered at once
order-rejected-hidden = Not sent: an administrator hid { $product } from staff, so it cannot be ordered now. Nothing was charged.
order-lines-hidden = An administrator hid { $product } from staff, so it was taken out of your order. Nothing was ordered.

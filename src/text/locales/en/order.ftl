### English messages of the order conversation (Fluent): fresh numbers at Confirm, pauses, buttons and steps that failed.

btn-check-again = Check again
order-button-invalid = This button is no longer valid.
order-step-not-shown = Telegram would not show this step. Tap Back to change your last answer, or Cancel.
summary-changed = The price or stock changed since you last saw this order. Check it again and tap Confirm if it still suits you.
summary-unit-price-changed = Unit price: { $from } → { $to }
summary-total-changed = Total: { $from } → { $to }
summary-stock-now = Stock: { $from } → { $to }
summary-region-gone = The provider no longer offers the region you chose ({ $region }). Please choose again.
summary-check-failed = The current price could not be checked, so the order cannot be confirmed yet. Nothing was ordered. { $reason }
summary-more-answers = … and { $count } more answers
order-paused-provider = Ordering is paused: the provider is refusing our access. Administrators have been told; nothing can be ordered until one of them resumes ordering.
order-paused-admin = Ordering is paused by an administrator.
order-paused-telegram = Ordering is paused: the bot's account may be in someone else's hands. Administrators have been told; nothing can be ordered until one of them resumes ordering.
order-paused-reason = Reason: { $reason }
order-paused-kept = Your order is kept and nothing was ordered. Tap { btn-check-again } once ordering resumes, or Cancel.

## Orders of several products (a cart): one summary, one Confirm.
btn-add-product = ➕ Add another product
btn-edit-line = ✏️ { $index }. { $product }
btn-remove-line = Remove from this order
btn-back-to-order = « Back to the order
cart-adding = Products in this order so far: { $count }. Choose the next one, or go back to the order.
cart-full = An order holds at most { $max } products: confirm this one, then start another order for more.
cart-line = { $index }. { $product } × { $quantity }
cart-line-price = { $price } each = { $total }
cart-line-price-changed = { $from } → { $to } each = { $total }
cart-line-stock-short = The stock has changed: at most { $max } of this one can be ordered now. Please change its quantity.
cart-already = { $product } is already in this order (a product appears once per order). Change its line here.
cart-removed = { $product } was removed from the order.
cart-line-product-gone = Line { $index } ({ $product }) is no longer offered. Remove it to confirm the rest.
cart-line-region-gone = The provider no longer offers the region of line { $index } ({ $product }, { $region }). Please choose again.
edit-line-title = Line { $index }: { $product }
recap-lines = Products: { $count }
recap-line = • { $product } × { $quantity }
again-line-product-gone = Line { $index } of order { $order } ({ $product }) is no longer offered and was left out.
again-line-region-gone = The region of line { $index } of order { $order } ({ $product }) is no longer offered. Choose a region.
again-line-fields-changed = { $product } (line { $index } of order { $order }) now asks something that order did not answer. Please answer it.
again-line-price-changed = { $product }: the price changed, { $from } → { $to } each.
cart-line-asks-more = { $product } now asks something more. Please answer it; the summary follows.

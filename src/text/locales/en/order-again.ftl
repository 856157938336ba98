# "Order again": a new order from a past one, straight to a fresh summary.
btn-order-again = 🔁 Order again
again-product-gone = The product of order { $order } is no longer offered. Choose another one.
again-region-gone = The region of order { $order } is no longer offered for this product. Choose a region.
again-fields-changed = This product now asks something order { $order } did not answer. Please answer it.
again-price-changed = The price changed since order { $order }: { $from } → { $to } each.
again-unchecked = Order { $order } cannot be repeated right now: { $reason }
again-not-yours = Only the person who placed this order can order it again.
again-still-open = This order is still open. Order it again once it has finished.

### English messages for tracking (Fluent). Codes never pass through Fluent: they are added to the formatted text in code.

command-orders = Your recent orders
command-track = Where an order stands

orders-title-own = Your recent orders, page { $page } of { $pages }. Tap one to see it.
orders-title-everyone = Everyone's recent orders, page { $page } of { $pages }. Tap one to see it.
orders-title-person = Orders of { $id }, page { $page } of { $pages }. Tap one to see it.
orders-none-own = You have not ordered anything yet. Send /order to order.
orders-none-everyone = Nobody has ordered anything yet.
orders-none-person = { $id } has not ordered anything.
orders-usage =
    I could not read that. /orders takes:
    /orders: everyone's recent orders
    /orders @username or /orders <telegram id>: one person's orders
    /orders #12 or /orders A100234: one order, by our number or the provider's reference
    /orders <product name>: the orders of that product, like /orders Google Play
orders-usage-staff =
    I could not read that. /orders takes:
    /orders: your recent orders
    /orders #12 or /orders A100234: one of your orders, by our number or the provider's reference
    /orders <product name>: your orders of that product, like /orders Google Play
orders-own-only = You can look at your own orders only. Send /orders to see them.
orders-found-order = Order { $name }. Tap it to see where it stands.
orders-matching-own = Your orders of products matching "{ $query }", newest first. Tap one to see it.
orders-matching-everyone = Orders of products matching "{ $query }", newest first. Tap one to see it.
orders-matching-none-own = None of your orders is of a product matching "{ $query }".
orders-matching-none-everyone = No order is of a product matching "{ $query }".
orders-matching-more =
    { $count ->
        [one] One older order matches too
       *[other] { $count } older orders match too
    }: type more of the name to narrow it down.
orders-by = by { $id }

track-state-intent = Not sent yet
track-state-placing = Being sent to the provider
track-state-unknown = Being checked with the provider
track-state-rejected = Refused by the provider
track-state-not_placed = Not placed
track-state-in_progress = In progress
track-state-action_required = Needs action at the provider
track-state-unrecognised = In a state we do not know
track-state-completed = Completed
track-state-failed = Failed
track-state-cancelled = Cancelled
track-state-refunded = Refunded
track-state-needs_review = Waiting for an administrator

track-provider-preparing = Preparing
track-provider-processing = Processing
track-provider-completed = Completed
track-provider-failed = Failed
track-provider-cancelled = Cancelled
track-provider-refunded = Refunded
track-provider-action_required = Action required

track-title = Order { $reference } (our #{ $id })
track-title-no-reference = Order #{ $id }
track-title-provider = Order { $reference } (provider order { $orderId })
track-provider-only = This order was not placed through giftdesk.
track-state = State: { $state }
track-provider-state = At the provider: { $state }
track-product = Product: { $value }
track-region = Region: { $value }
track-quantity = Quantity: { $value }
track-unit-price = Unit price: { $value }
track-total = Total: { $value }
track-charged = Charged by the provider: { $value }
track-ordered-by = Ordered by: { $id }
track-placed-at = Placed at: { $value } ({ $zone })
track-started-at = Started at: { $value } ({ $zone })
track-item = { $quantity } × product { $product }: { $amount }

track-hint-codes = The codes are ready: tap Show codes to see them here.
track-hint-intent = Nothing has been sent to the provider yet.
track-hint-placing = The order is being sent to the provider right now.
track-hint-unknown = The provider did not confirm this order, so it may or may not have been placed. Do not order again: I am checking with the provider and will tell you here, by about { $by }.
track-hint-rejected = The provider refused this order; it was not placed.
track-hint-not_placed = This order was not placed, and nothing was charged for it. It is safe to order again.
track-hint-in_progress = The provider is working on it. I will send the codes here as soon as they are ready.
track-hint-action_required = The provider needs a person to act on this order. Administrators have been told. Do not order again.
track-hint-unrecognised = The provider reports a state I do not know. Administrators have been told, and I keep following the order. Do not order again.
track-hint-completed = The order is complete.
track-hint-failed = The provider could not deliver this order.
track-hint-cancelled = The order was cancelled at the provider.
track-hint-refunded = The provider returned the amount of this order to the wallet.
track-hint-needs_review = Several orders at the provider could be this one. An administrator will decide; do not order again.
track-from-records = These details are from our records of { $when }: the provider could not be asked just now. { $reason }
track-from-records-unknown = These details are from our records of { $when }. { $reason }

track-usage = Send /track followed by an order: the provider's order number (like 9001), its reference (like A100234) or our number (like #12).
track-not-found = I found no order { $value }.
track-gone = This order is not available.

btn-show-codes = Show codes
btn-refresh = Refresh
btn-open-order = Open order { $name }

codes-fetching = Fetching the codes from the provider…
codes-heading = Codes of order { $reference }
codes-not-placed = This order never reached the provider, so it has no codes.
codes-not-ready = The codes are not available: at the provider the order is { $state }.
codes-unreachable = I could not fetch the codes just now. { $reason }

tx-title = Wallet transactions, page { $page }, newest first. Tap one to see it.
tx-none = The wallet has no transactions yet.
tx-no-more = There are no more transactions.
tx-type-debit = Debit
tx-type-credit = Credit
tx-detail-title = Transaction { $id }
tx-type = Type: { $value }
tx-amount = Amount: { $value }
tx-balance-after = Balance after: { $value }
tx-order-ours = Order: { $name } (provider order { $orderId }, our #{ $id })
tx-order-not-ours = Order at the provider: { $orderId } (not placed through giftdesk)
tx-order-product = Product: { $value }
tx-description = Description: { $value }
tx-date = Date: { $value }
tx-not-found = The provider has no transaction { $id }.

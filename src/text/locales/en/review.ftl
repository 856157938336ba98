### English messages for /review (Fluent): orders whose outcome an administrator settles.

review-title = Orders waiting for your decision: { $count }
review-order = #{ $id }: { $goods }, { $amount }, ordered by { $userId }
review-sent-at = Sent to the provider at { $when }
review-candidates = Candidates at the provider: { $candidates }
review-candidates-unrecorded = none recorded; look in the provider's order history around that time
review-candidates-none = none: every provider order within reach was checked and ruled out, but the history could not be read back to that time, so the order may be further back
review-more-candidates = … and { $count } more
review-list-separator = { "; " }
review-more = … and { $count } more, not listed here. They are listed oldest first: settle these and send /review again.
review-how =
    To settle one:
    /review #<id> adopt <provider order number or reference>: that provider order is this one; it is followed and its codes are delivered to the staff member.
    /review #<id> none: nothing was placed; the staff member is told it is safe to order again (you confirm it first).
review-none-waiting = No order is waiting for review.
review-usage =
    Usage:
    /review: the orders waiting for your decision
    /review #<id> adopt <provider order number or reference>
    /review #<id> none
review-not-found = There is no order #{ $id }.
review-not-waiting = Order #{ $id } is not waiting for review: it is { $state }. Nothing was changed.
review-provider-not-found = The provider has no order { $value }. Nothing was changed.
review-already-linked = Provider order { $reference } already belongs to our order #{ $linked }, so it cannot be this one too. Nothing was changed.
review-mismatch = Provider order { $reference } is not this order: { $reasons }. Nothing was changed.
review-mismatch-product = it is for another product
review-mismatch-region = it is for another region
review-mismatch-quantity = its quantity is different
review-mismatch-no-items = it has no items
review-settled-adopted = Done: order #{ $id } is provider order { $reference } ({ $state } at the provider). The staff member is told, and it is followed like any other order from now on: its codes go to them as soon as the provider delivers.
review-amount-differs = Note: the provider charged { $charged }; the order's summary said { $expected }.
review-settled-none = Done: order #{ $id } is marked as not placed. The staff member is told that nothing was charged and that it is safe to order it again.
review-none-confirm = Mark this order as not placed? The staff member will be told that it is safe to order it again. Confirm only after checking the provider's order history and the wallet: if an order was placed after all, ordering again would buy it twice.
btn-review-none-confirm = Confirm: nothing was placed
review-kept = Nothing was changed: order #{ $id } is still waiting for review.

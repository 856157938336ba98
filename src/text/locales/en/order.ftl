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
order-paused-reason = Reason: { $reason }
order-paused-kept = Your order is kept and nothing was ordered. Tap { btn-check-again } once ordering resumes, or Cancel.

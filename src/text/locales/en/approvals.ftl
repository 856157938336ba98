### English messages for approvals (Fluent): orders above a person's approval threshold wait for an administrator.

approval-line = Request { $id }: { $goods }, { $total }
approval-waiting = This order needs an administrator's approval. Its total is { $total }; nothing is sent or charged until an administrator approves it. I will tell you here what they decide; without a decision the request expires at { $until }.
approval-admin-title = Approval needed: request { $id }
approval-admin-who = Ordered by: { $person }
approval-admin-who-id = Telegram ID: { $id }
approval-admin-threshold = Approval needed above: { $value }
approval-admin-day-total = Their day so far, with this request: { $value }
approval-admin-until = Expires at: { $until }
approval-admin-self = You are the only administrator, so you may approve your own order; it is recorded as self-approved.
approval-admin-reject-hint = To reject with a reason: /approvals reject { $id } <reason>
btn-approve = Approve
btn-reject = Reject
approval-checking = Checking price, stock and balance…
approval-not-found = There is no approval request { $id }.
approval-own-order = Your own order needs another administrator's approval.
approval-code-asked-privately = I wrote to you in our private chat: approving needs your authenticator code, typed there, never in the group.
approval-open-private-chat = Approving needs your authenticator code, which I ask in a private chat. Open a private chat with me first (press Start there), then press Approve again.
approval-already-approved = Already approved by { $person }.
approval-being-approved = { $person } is approving it right now.
approval-already-rejected = Already rejected by { $person }.
approval-already-expired = It expired without a decision; nothing was placed.
approval-stale = The numbers changed since this summary; approve the newest summary of this request.
approval-changed-price = The price of { $product } changed from { $from } to { $to } per item. Nothing was placed. Check the new total and approve again if it still suits.
approval-changed-prices = The prices of { $count } products changed: the total went from { $from } to { $to }. Nothing was placed. Check the new lines and approve again if they still suit.
approval-changed-stock = The provider has only { $stock } of { $product } left, fewer than ordered. Nothing was placed; the request keeps waiting. Reject it, or approve again when the stock is back.
approval-changed-region = The provider no longer offers { $product }. Nothing was placed; reject the request so that the staff member can order again.
approval-blocked-paused = Ordering is paused, so nothing was placed. The request keeps waiting: approve again after /resume.
approval-blocked-hidden = An administrator hid { $product } from staff, so nothing was placed. The request keeps waiting: approve it again once it is shown (/catalog show), or reject it.
approval-blocked-funds = The wallet ({ $balance }) does not cover { $total }. Nothing was placed; the request keeps waiting.
approval-blocked-limit = This order is over { $person }'s limits: { $reason }. Nothing was placed.
approval-blocked-limit-reason = { $kind }: { $cap }, { $left } left
approval-blocked-unchecked = The price could not be checked with the provider, so nothing was placed. { $reason }
approval-done = You approved it. { $order }
approval-done-by = { $by } approved it. { $order }
approval-charged-other-amount = ⚠️ The provider charged { $charged }, not the { $confirmed } that was approved: its price changed at the moment the order was sent.
approval-done-self = You approved your own order (recorded as self-approved). { $order }
approval-failed = Approved, but the order could not be placed because of an internal error. It will not be placed again from this request.
approval-rejected-done = Rejected. { $person } is told.
approval-rejected-done-by = Rejected by { $by }. { $person } is told.
approval-staff-approved = { $person } approved your order. { $order }
approval-staff-rejected = { $person } rejected your order. { $order }. Nothing was charged.
approval-staff-rejected-reason = Reason: { $reason }
approval-staff-expired = Your order waited for approval too long and has expired. { $order }. Nothing was sent or charged; you can order again.
approval-staff-price-changed = The price of { $product } in your waiting order changed from { $from } to { $to } per item. { $order }. The administrators are asked to approve the new total.
approval-staff-prices-changed = The prices of { $count } products in your waiting order changed: the total went from { $from } to { $to }. { $order }. The administrators are asked to approve the new total.
approval-admin-expired = A request of { $person } expired without a decision. { $order }. Nothing was placed.
btn-withdraw = Withdraw
approval-already-withdrawn = Withdrawn by { $person }, who asked for it; nothing was placed.
approval-admin-withdrawn = { $person } withdrew this request: there is nothing to approve. { $order }. Nothing was placed.
approval-withdrawn-done = You withdrew your order. { $order }. Nothing was sent or charged.
approval-withdraw-being-approved = Too late to withdraw: { $person } is approving it right now. I will tell you here how it ends.
approval-withdraw-approved = Too late to withdraw: { $person } already approved it. /orders shows where it stands.
approval-withdraw-rejected = Nothing to withdraw: { $person } already rejected it. Nothing was charged.
approval-withdraw-expired = Nothing to withdraw: it expired without a decision. Nothing was sent or charged.
approval-withdraw-already = You already withdrew it. Nothing was sent or charged.
approvals-usage =
    Usage:
    /approvals: the orders waiting for approval
    /approvals threshold <amount>: orders above this total wait for an administrator (team default)
    /approvals threshold off: no order needs approval (team default)
    /approvals reject <request> [reason]: reject a request and tell the staff member why
approvals-threshold-set = Orders above { $amount } now wait for an administrator's approval. A person's own approval limit, where set, still applies to them.
approvals-threshold-off = Orders no longer need approval, except for people with their own approval limit.
approvals-threshold-now = Orders above { $amount } wait for approval (team default).
approvals-threshold-none = No approval is needed by default.
approvals-none = No order waits for approval.
approvals-list-title = Orders waiting for approval: { $count }
approvals-list-item = { $order }, by { $person }, until { $until }
approvals-list-more = … and { $count } more
help-admin-approvals =
    /approvals: orders waiting for approval; /approvals threshold <amount>|off sets the total above which orders wait
approval-summary-note = This order needs an administrator's approval: after Confirm it waits for it, and nothing is charged before.
approval-requester-cannot-order = Not placed: { $person } may no longer order (removed from the staff or made a viewer). The request is closed.
approval-needed-meanwhile = Not sent: counted with your other orders of today, this order now needs an administrator's approval. Press Confirm to ask for it.

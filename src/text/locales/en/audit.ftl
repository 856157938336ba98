### /audit: who did what, newest first, each event in words. A person's or the provider's own words are quoted as theirs.

audit-usage =
    Usage:
    /audit: everything, newest first
    /audit @username or /audit <telegram id>: what one person did, and what was done to them or their orders
    /audit #<order>: one order's history
audit-title = Audit
audit-title-person = Audit of { $who }
audit-title-order = Audit of order #{ $id }
audit-page = Page { $page } of { $pages }, newest first.
audit-none = Nothing recorded.
audit-btn-newer = ‹ Newer
audit-btn-older = Older ›
audit-unknown-user = I do not know @{ $username }: they have not written to the bot. Use their numeric Telegram ID instead.
audit-system = giftdesk

audit-order = order #{ $id } ({ $goods })
audit-order-plain = order #{ $id }
audit-their-words = — “{ $text }”
audit-provider-words = — the provider said: “{ $text }”
audit-note = (recorded in English: “{ $text }”)
audit-by-provider = the provider
audit-by-admin = an administrator
audit-because = ({ $why })
audit-value-team-default = the team default
audit-value-hour = { $hour }:00

audit-codes-own = saw their own codes of { $order }
audit-codes-other = saw { $owner }'s codes of { $order }
audit-codes-handed-over = marked { $count ->
    [one] the code
   *[other] { $cards } codes
} of { $order } handed over
audit-staff-added = gave { $who } access as { $roles }
audit-staff-role-changed = changed the role of { $who }: { $roles }
audit-staff-removed = took access away from { $who } ({ $roles })
audit-staff-via = (from { $via } at start-up)

audit-setting-team-limit = set the team's { $limit } to { $value } (was { $before })
audit-setting-team-limit-off = removed the team's { $limit } (was { $before })
audit-setting-person-limit = set the { $limit } of { $person } to { $value } (was { $before })
audit-setting-person-limit-default = set the { $limit } of { $person } back to the team default (was { $before })
audit-setting-person-limit-off = removed the { $limit } of { $person }: none for them (was { $before })
audit-setting-low-balance = set the low-balance alert to { $value } (was { $before })
audit-setting-codes-removal = set codes to leave the chats after { $value } (was { $before })
audit-setting-answers-kept = set end customers' answers to be kept { $value } (was { $before })
audit-setting-digest = set the daily digest to { $value } (was { $before })
audit-setting-expiry-remind = set expiry reminders to { $value } (was { $before })
audit-setting-feed-on = turned the order feed on
audit-setting-feed-off = turned the order feed off
audit-setting-other = changed the setting “{ $setting }” to { $value } (was { $before })
audit-limit-order = per-order limit
audit-limit-day = daily limit
audit-limit-month = monthly limit
audit-limit-approval = approval threshold
audit-limit-none = none

audit-paused = paused ordering
audit-paused-by-provider = ordering was paused: the provider refused our access
audit-resumed = resumed ordering
audit-resumed-since = resumed ordering, paused by { $by } since { $since }

audit-approval-requested = asked for approval of request { $approval }: { $goods }, { $amount }
audit-approval-requested-plain = asked for approval of request { $approval }, { $amount }
audit-approval-checking = began approving request { $approval }
audit-approval-approved = approved request { $approval }
audit-approval-self-approved = approved their own request { $approval }
audit-approval-rejected = rejected request { $approval }
audit-approval-expired = request { $approval } expired without a decision
audit-approval-withdrawn = withdrew their request { $approval }
audit-approval-not-yet = request { $approval } waits again: { $why }
audit-approval-not-yet-plain = request { $approval } waits again
audit-approval-change-price = the price changed
audit-approval-change-stock = the provider has too few in stock
audit-approval-change-region-gone = the region is no longer offered
audit-approval-blocked-paused = ordering is paused
audit-approval-blocked-funds = the wallet balance is too low
audit-approval-blocked-limit = a spending limit would be passed
audit-approval-blocked-unchecked = the provider could not be asked
audit-approval-blocked-hidden = an administrator had hidden a product of it from staff
audit-approval-interrupted-checking = a restart interrupted the check
audit-approval-interrupted-before-order = a restart came before the order was made

audit-order-intent = started { $order } for { $amount }
audit-order-placed = { $order } was placed for { $amount }
audit-order-placed-repriced = { $order } was placed for { $amount }, although the summary said { $quoted }
audit-order-adopted = { $order } was matched to provider order { $providerOrder }
audit-order-adopted-review = { $order } was matched to provider order { $providerOrder } in review
audit-order-batch = (batch #{ $batch })
audit-order-quoted = (the summary said { $quoted })
audit-order-link-released = { $order } gave up provider order { $providerOrder }, which belongs to order #{ $other }
audit-order-state = { $order }: { $state }
audit-order-not-placed = { $order } was not placed: { $why }
audit-why-review = an administrator settled in review that nothing was placed
audit-why-never-sent = it was never sent
audit-why-same-order-pending = the same order was already waiting for its outcome
audit-why-another-in-flight = another order was being sent at that moment
audit-why-paused = ordering was paused by { $source }
audit-why-limit = over the { $limit } of { $cap } ({ $left } left)
audit-why-no-access = the person could no longer order when it was about to be sent
audit-why-hidden = an administrator had hidden { $product } from staff
audit-why-rate-limit = the provider asked us to wait { $seconds } s
audit-why-no-provider-order = the provider had no such order after { $checks } checks
audit-why-interrupted = a restart interrupted the sending
audit-why-accepted-not-recorded = the provider took it as order { $providerOrder } but it could not be recorded
audit-why-approval = counted with the day's other orders it needed an administrator's approval
audit-notification-sent = told about { $order }
audit-notification-delivered = sent the codes of { $order } in { $count ->
    [one] { $messages } message
   *[other] { $messages } messages
}
audit-notification-undeliverable = could not tell about { $order }
audit-notification-undeliverable-why = could not tell about { $order }: { $why }
audit-undeliverable-order-missing = the order is gone
audit-undeliverable-removed = the person who ordered is no longer on the staff
audit-undeliverable-viewer = the person who ordered is now a viewer
audit-undeliverable-blocked = the person who ordered blocked the bot
audit-undeliverable-telegram = Telegram refused the message

audit-export-sent = exported { $what } from { $from } to { $to } ({ $count ->
    [one] { $rows } row
   *[other] { $rows } rows
})
audit-export-cut = (cut short)
audit-export-orders = the orders
audit-export-transactions = the wallet transactions
audit-export-audit = the audit
audit-export-summary = the spending summary
audit-export-statement = the wallet statement
audit-other = { $action }
audit-velocity-orders = was refused an order: more than { $cap } in an hour
audit-velocity-reveals = was refused someone else's codes: more than { $cap } reveals in an hour
audit-velocity-reads = was refused a provider read: more than { $cap } in a minute
audit-velocity-pending = was refused an approval request: more than { $cap } waiting at once
audit-setting-step-up-on = turned step-up codes on
audit-setting-step-up-off = turned step-up codes off
audit-step-up-enrolled = set up an authenticator for step-up
audit-step-up-approved = approved the authenticator of { $who }
audit-step-up-reset = removed the authenticator of { $who }
audit-step-up-locked = was locked out of step-up after wrong codes
audit-step-up-held = was refused an authenticator: dual control held after an administrator was removed, with nobody to approve it

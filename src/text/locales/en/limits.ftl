### English messages for spending limits (Fluent): the summary's limit lines, /limits and /settings.

summary-over-limit-order = Over your per-order limit: an order may cost at most { $cap }.
summary-over-limit-day = Over your daily limit of { $cap }: { $left } left today.
summary-over-limit-month = Over your monthly limit of { $cap }: { $left } left this month.
summary-over-limit-hint = Lower the quantity, or ask an administrator to change your limit.
summary-limit-used-order = Even one costs more than your per-order limit of { $cap }.
summary-limit-used-day =
    { $rest ->
        [none] Your daily limit of { $cap } is used up for today.
       *[some] Your daily limit of { $cap } is used up for today: the { $left } left does not cover even one.
    }
summary-limit-used-month =
    { $rest ->
        [none] Your monthly limit of { $cap } is used up for this month.
       *[some] Your monthly limit of { $cap } is used up for this month: the { $left } left does not cover even one.
    }
summary-limit-resets = It starts afresh on { $when }.
summary-limit-used-hint = Choose a cheaper product, or ask an administrator to change your limit.
summary-limit-used-up-hint = Wait until then, or ask an administrator to change your limit.
order-limit-reached-meanwhile = Your spending limits were checked again at Confirm, and this order no longer fits them. Nothing was sent or charged.

limits-kind-order = Per order
limits-kind-day = Per day
limits-kind-month = Per month
limits-kind-approval = Approval above
limits-no-limit = no limit
limits-no-approval = never needed
limits-title = Spending limits
limits-defaults-title = Team defaults (for everyone without a value of their own):
limits-line = • { $kind }: { $value }
limits-own-title = Values of their own:
limits-own-none = Nobody has values of their own.
limits-own-line = • { $person }: { $values }
limits-own-value = { $kind } { $value }
limits-own-separator = { "; " }
limits-person-title = Spending limits of { $person }:
limits-person-line = • { $kind }: { $value }{ $source }
limits-source-default = { " " }(team default)
limits-source-own = { " " }(their own)
limits-person-spent = Counted against the limits: { $day } today, { $month } this month.
limits-usage =
    /limits: the team defaults and everyone's own values
    /limits <id>: one person's limits and what they spent
    /limits default <kind> <amount|off>: a team default
    /limits <id> <kind> <amount|off|default>: one person's own value; "off" means no limit for them, "default" brings back the team default
    Kinds: order, day, month, approval. Example: /limits default day 10,000,000
limits-bad-kind = "{ $value }" is not a kind of limit. Use order, day, month or approval.
limits-bad-amount = "{ $value }" is not an amount. Write a whole number (Persian digits and thousands separators are fine), "off" for no limit{ $orDefault }.
limits-or-default = , or "default" for the team default
limits-bad-person = "{ $value }" is not a numeric Telegram ID.
limits-unknown-username = I do not know who { $value } is yet. Use their numeric ID (see /staff).
limits-not-staff = { $value } is not on the staff list. Add them with /staff first.
limits-default-set = Team default, { $kind }: { $value }.
limits-person-set = { $person }, { $kind }: { $value }.
limits-person-follows-default = { $person }, { $kind }: the team default again ({ $value }).
limits-unchanged = Nothing was changed: that is already the value.
help-admin-limits =
    /limits: spending limits per order, day and month, team-wide and per person
    /lowbalance <amount|off>: tell administrators when the wallet runs low
    /runway: how long the wallet lasts at the recent pace; /runway alert <days|off>: tell administrators when it lasts fewer days
    /topup request <amount> [note]: a top-up request for finance, marked received when the credit comes; /topup: those waiting
    /retention: how long delivered codes stay in the chats and end customers' answers are kept
    /velocity <orders|reveals|reads|pending> <number|off>: how many orders, code reveals, provider reads and waiting approvals one person may have per hour or minute
    /stepup: one-time codes from an authenticator app for codes, exports and privileged changes (enrol, on, off, approve, reset)
    /strangers reply|silent: whether people outside the staff are told their ID or get nothing
    /admingroup: the administrators' group, where alerts, the feed and the digest go once bound (bind, unbind, private on|off)
    /costcentres: cost centres orders are charged to (add, rename, retire), and whether /order asks for one
    /settings: the settings you can change in the chat

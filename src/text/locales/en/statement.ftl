### English messages for the wallet statement (/statement) and the wallet watch (/walletwatch and its alerts).

statement-usage =
    Usage: /statement [month] [costcentres]
    The month as YYYY-MM (a year below 1700 is read in the Persian calendar); nothing means this month.
    costcentres stacks the month's chart per cost centre instead of per person.
statement-bad-month = “{ $value }” is not a month. Write it as YYYY-MM, for example 2026-11 or 1405-09.
statement-not-filled = The wallet's transactions have not been read yet: the provider has not answered since giftdesk started watching the wallet. Try again in a minute.
statement-history-replaced = No statement: the provider now lists wallet transaction { $transaction } differently from the one recorded here, so the wallet's history was replaced (a sandbox started afresh, or another provider behind this database). What is recorded here no longer describes this wallet, and new transactions are not recorded. Check which provider giftdesk is pointed at; administrators have been told.
statement-title = Wallet statement, { $from } – { $to } ({ $zone })
statement-copy-starts = giftdesk has the wallet's transactions from { $at } on: what came before is not in this statement.
statement-stale = The provider did not answer just now: this is the wallet as read at { $at }.
statement-empty = No transaction in this period, and none before it.
statement-opening = Opening balance: { $amount }
statement-credits = + Credits: { $amount } (top-ups { $topUps }, refunds { $refunds })
statement-debits = − Debits: { $amount } (giftdesk orders { $giftdesk }, placed elsewhere { $elsewhere })
statement-closing = = Closing balance: { $amount }
statement-balanced = ✅ Opening + credits − debits = closing: the books balance.
statement-unbalanced = ⚠️ The books do not balance: { $difference } is not accounted for by the transactions listed.
statement-orders = giftdesk orders placed: { $placed }; matched to a debit of the amount confirmed: { $matched }.
statement-awaiting-debit = Placed moments ago, their debit not in the wallet yet: { $count }
statement-awaiting-one = Order { $order } ({ $person }, provider order { $providerOrder }, { $confirmed }), placed { $at }: its debit is not in the wallet yet; it is counted once it is.
statement-no-exceptions = No exceptions: every debit, refund and order is accounted for.
statement-exceptions = Exceptions to look at ({ $count }):
statement-more-in-file = …and { $count } more in the file.
statement-x-foreign-debit = Debit { $transaction } of { $amount } on { $at } (provider order { $providerOrder }, “{ $description }”): no giftdesk order accounts for it.
statement-x-second-debit = Debit { $transaction } of { $amount } on { $at } is a second debit for giftdesk order { $order } ({ $person }).
statement-x-amount-differs = Order { $order } ({ $person }) was confirmed at { $confirmed } but debit { $transaction } took { $amount }.
statement-x-refund-unknown = Refund { $transaction } of { $amount } on { $at } names provider order { $providerOrder }, which giftdesk did not place.
statement-x-refund-unreturned = Refund { $transaction } of { $amount } on { $at } is for order { $order } ({ $person }), which did not fail, or was refunded already.
statement-x-missing-debit = Order { $order } ({ $person }, provider order { $providerOrder }, { $confirmed }) has no debit in the wallet.
statement-x-missing-refund = Order { $order } ({ $person }, { $confirmed }) failed more than a day ago and its refund has not arrived.
statement-x-chain-break = Transaction { $transaction } on { $at }: the balance after it is { $found }, but the one before it and its amount make { $expected }. A transaction is missing or out of order.
statement-x-unknown-type = Transaction { $transaction } of { $amount } on { $at } is of a type giftdesk does not know; it is not counted.
statement-match-order = giftdesk order
statement-match-refund = refund of a giftdesk order
statement-match-top-up = top-up
statement-match-elsewhere = order placed elsewhere
statement-match-unplaced-refund = refund giftdesk cannot place
statement-match-unknown-type = unknown type
statement-match-none = no transaction
statement-match-awaiting-debit = debit not in yet
statement-col-matched = Matched to
statement-col-confirmed = Amount confirmed
statement-col-exception = Exception
statement-caption = The statement as a spreadsheet: every transaction with what it was matched to, and the exceptions.
statement-chart-title = Spend per day, { $from } – { $to }
statement-chart-title-unit = Spend per day in { $unit }, { $from } – { $to }
statement-chart-elsewhere = Placed elsewhere
statement-chart-others = Others
statement-chart-no-spend = Nothing was spent this month
statement-chart-caption = The month at a glance: what was spent each day, per person.
statement-chart-no-cost-centre = No cost centre
statement-chart-caption-cost-centres = The month at a glance: what was spent each day, per cost centre.

wallet-foreign-debit-alert = ⚠️ Someone else is spending this wallet: debit { $transaction } of { $amount } on { $at } (provider order { $providerOrder }, “{ $description }”) was not placed by giftdesk. If this was not you in the provider's panel, revoke the API key in the provider's panel now and put a new one in PROVIDER_API_KEY.
wallet-foreign-debit-paused = Ordering is paused until an administrator sends /resume.
wallet-large-credit-alert = A credit of { $amount } arrived in the wallet on { $at } (“{ $description }”) that is no refund of a giftdesk order. If nobody expected it, ask the provider what it is.
wallet-history-replaced-alert = ⚠️ The wallet's history was replaced: the provider now lists transaction { $transaction } as { $listedAmount } on { $listedAt }, but the one recorded under that id is { $amount } on { $at }. This happens when the sandbox starts afresh or another provider answers for this database. New transactions are not recorded and /statement stops until this is sorted out: check PROVIDER_BASE_URL and, in sandbox mode, the sandbox state file (docs/operations.md, "Sandbox mode").
wallet-unknown-type-alert = A wallet transaction of a type giftdesk does not know arrived: { $transaction } of { $amount } on { $at }, type “{ $type }” (provider order { $providerOrder }, “{ $description }”). It is not counted in the statement. Ask the provider what it did to the wallet.
ordering-paused-by-wallet = Ordering is paused since { $since }: the wallet showed a debit that giftdesk did not place ({ $reason }). No order is sent until an administrator resumes ordering.
order-paused-wallet = Ordering is paused: the wallet shows spending that giftdesk did not place. Administrators have been told; nothing can be ordered until one of them resumes ordering.
settings-wallet-pause = A debit giftdesk did not place pauses ordering
settings-wallet-pause-how = Change with /walletwatch pause <on|off>
settings-wallet-credit = Alert for a credit that is no refund, from
settings-wallet-credit-how = Change with /walletwatch credit <amount|off>
wallet-watch-pause-on = on
wallet-watch-pause-off = off (administrators are told, ordering goes on)
walletwatch-usage =
    Usage:
    /walletwatch pause on|off: whether a debit giftdesk did not place also pauses ordering
    /walletwatch credit <amount>|off: tell administrators of a credit from this amount that is no refund
walletwatch-done = Done. See /settings.
walletwatch-bad-amount = “{ $value }” is not an amount. Write a whole number above zero, or off.
balance-wallet-exceptions = ⚠️ { $count } exceptions in this month's wallet statement: see /statement.
digest-wallet-exceptions = ⚠️ Wallet statement: { $count } exceptions this month (see /statement).
audit-wallet-foreign-debit = saw a wallet debit that giftdesk did not place ({ $amount }, transaction { $transaction })
audit-wallet-large-credit = saw a large wallet credit that is no refund ({ $amount }, transaction { $transaction })
audit-wallet-unknown-type = saw a wallet transaction of a type giftdesk does not know ({ $amount }, transaction { $transaction })

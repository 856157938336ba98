### English messages for exports (Fluent): CSV files of orders, transactions, the audit and the monthly summary.

export-usage =
    Usage:
    /export orders [from] [to]
    /export transactions [from] [to]
    /export audit [from] [to]
    /export summary [month]
    Dates are YYYY-MM-DD (a year such as 1405 is read in the Persian calendar); a month is YYYY-MM. Without dates: the current month.
export-bad-date = “{ $value }” is not a date. Write it as YYYY-MM-DD, for example 2026-11-01 or 1405-09-01.
export-bad-month = “{ $value }” is not a month. Write it as YYYY-MM, for example 2026-11 or 1405-09.
export-reversed = The first date comes after the second. Write the earlier date first.
export-caption-orders = Orders from { $from } to { $to } (times in { $zone }).
export-caption-transactions = Wallet transactions from { $from } to { $to } (times in { $zone }).
export-caption-audit = Audit trail from { $from } to { $to } (times in { $zone }).
export-caption-summary = Spending per person from { $from } to { $to } ({ $zone }).
export-rows = { $count ->
    [one] { $rows } row.
   *[other] { $rows } rows.
}
export-cut-size = The file stopped at Telegram’s size limit: export a shorter span for the rest.
export-cut-pages = The provider’s history was read for { $pages } pages only: export a shorter span for older transactions.
export-not-sent = Telegram did not accept the file. Try a shorter span, or again in a minute.
export-summary-title = Spending from { $from } to { $to }:
export-summary-none = Nobody ordered in this month.
export-summary-line = { $person }: { $count ->
    [one] { $orders } order
   *[other] { $orders } orders
}, { $spend }, refunded { $refunded }
export-summary-more = …and { $count } more people (in the file).
export-summary-total = Total spent: { $spend }
export-actor-system = giftdesk

export-col-id = Order #
export-col-reference = Provider reference
export-col-created = Created ({ $zone })
export-col-time = Time ({ $zone })
export-col-person-id = Person ID
export-col-person = Person
export-col-product = Product
export-col-region = Region
export-col-quantity = Quantity
export-col-unit-price = Unit price
export-col-line = Line
export-col-line-amount = Line amount
export-col-amount = Amount
export-col-state = State
export-col-provider-state = Provider state
export-col-actor-id = Actor ID
export-col-actor = Actor
export-col-action = Action
export-col-batch = Batch #
export-col-order = Order #
export-col-detail = Detail
export-col-orders = Orders
export-col-spend = Spent
export-col-failed = Failed or cancelled
export-col-refunded = Refunded
export-col-refunded-amount = Refunded amount
export-col-transaction = Transaction
export-col-type = Type
export-col-balance-after = Balance after
export-col-provider-order = Provider order
export-col-description = Description

help-admin-reports =
    /export orders|transactions|audit [from] [to]: a spreadsheet (CSV) of the span, this month unless dates are given
    /export summary [month]: spending per person for a month
    /statement [month]: the wallet's statement: does it balance, and every debit or refund giftdesk cannot account for
    /walletwatch: what happens when someone else spends the wallet
    /feed on|off: a line for every order placed
    /digest <hour>|off: yesterday's digest every day at that hour

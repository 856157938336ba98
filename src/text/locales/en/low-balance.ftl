### English messages for the low-balance alert and for an order refused for lack of funds (Fluent).

low-balance-fell-alert = The wallet is running low: { $balance } left, below the alert threshold of { $threshold }. Top it up in the provider's panel. I will remind you once a day while it stays low.
low-balance-reminder-alert = Reminder: the wallet is still low: { $balance } left, below the alert threshold of { $threshold }.
funds-short-alert = { $person } could not order: the wallet holds { $balance } and their order comes to { $total }. Nothing was sent. Orders above the balance cannot be placed until the wallet is topped up in the provider's panel.
funds-refused-alert = The provider refused order #{ $id }, placed by { $person }, for lack of funds: the wallet holds { $balance } and the order came to { $total }. Orders above the balance are refused until the wallet is topped up in the provider's panel.
low-balance-usage = /lowbalance <amount>: tell administrators when the wallet falls below this amount. /lowbalance off: no alert.
low-balance-now = Low-balance alert: { $value }.
low-balance-set = Administrators are told when the wallet falls below { $value }. After an alert, the next one comes when the balance has been back above { $rearm } and falls again, or as a reminder a day later.
low-balance-off = The low-balance alert is off.

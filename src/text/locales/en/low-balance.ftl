### English messages for the low-balance alert (Fluent).

low-balance-fell-alert = The wallet is running low: { $balance } left, below the alert threshold of { $threshold }. Top it up in the provider's panel. I will remind you once a day while it stays low.
low-balance-reminder-alert = Reminder: the wallet is still low: { $balance } left, below the alert threshold of { $threshold }.
low-balance-usage = /lowbalance <amount>: tell administrators when the wallet falls below this amount. /lowbalance off: no alert.
low-balance-now = Low-balance alert: { $value }.
low-balance-set = Administrators are told when the wallet falls below { $value }. After an alert, the next one comes when the balance has been back above { $rearm } and falls again, or as a reminder a day later.
low-balance-off = The low-balance alert is off.

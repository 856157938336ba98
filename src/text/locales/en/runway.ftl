### English messages for the wallet's runway: how long it lasts at the recent pace, and its alert (Fluent).

runway-days = { $count ->
    [one] { $days } day
   *[other] { $days } days
}
runway-lasts = At this pace the wallet lasts about { $days } (to { $date }); lately about { $perDay } a day.
runway-within-day = At this pace the wallet runs out within a day; lately about { $perDay } a day.
runway-empty = The wallet is empty; lately about { $perDay } a day was spent.
runway-no-spend = Nothing was spent from the wallet in the 30 days before today: there is no pace yet to say when it runs out.
runway-not-known = How long the wallet lasts is not known yet: its transactions have not been read.
runway-alert = The wallet is running out: at this pace it lasts less than { $threshold }. Balance: { $balance }.
runway-alert-tail = Top it up in the provider's panel, or ask finance with /topup request <amount>. I will not say this again until the wallet lasts longer again.
runway-usage = /runway: how long the wallet lasts at the recent pace. /runway alert <days>: tell administrators when it lasts fewer days. /runway alert off: no alert.
runway-alert-set = Administrators are told when the wallet lasts less than { $days } at the recent pace. After an alert, the next one comes when it has lasted { $rearm } or more again and falls again.
runway-alert-off = The runway alert is off.
runway-bad-days = "{ $value }" is not a number of days: write a whole number from 1 to 365, or off.
settings-runway = Runway alert under
settings-runway-how = Change with /runway alert <days|off>
command-runway = How long the wallet lasts
audit-setting-runway = set the runway alert to { $value } (was { $before })

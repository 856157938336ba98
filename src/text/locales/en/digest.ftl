### English messages for the order feed and the daily digest (Fluent).

feed-line = 🛒 { $person } ordered { $goods } for { $amount } (#{ $id })
feed-batch = 🛒 { $person } ordered batch #{ $id }: { $orders } orders, { $units } units, { $amount } in all
feed-failed = ❌ Order #{ $id } ({ $person }: { $goods }, { $amount }{ $centre }) failed at the provider.
feed-cancelled = ❌ Order #{ $id } ({ $person }: { $goods }, { $amount }{ $centre }) was cancelled by the provider.
feed-refunded = ↩️ The provider refunded order #{ $id } ({ $person }: { $goods }, { $amount }{ $centre }).
feed-action-required = ⚠️ Order #{ $id } ({ $person }: { $goods }, { $amount }{ $centre }) is waiting for someone at the provider to act.
feed-usage = Usage: /feed on or /feed off. The feed is { $state }.
feed-state-on = on
feed-state-off = off
feed-on = From now on every administrator gets a line for every order placed, and another if it then fails, is cancelled or refunded, or waits for someone at the provider.
feed-off = The order feed is off.

digest-usage = Usage: /digest <hour 0–23> or /digest off. { $state }
digest-state-on = The digest comes every day at { $hour }:00 ({ $zone }).
digest-state-off = The daily digest is off.
digest-bad-hour = “{ $value }” is not an hour: write a whole number from 0 to 23, or off.
digest-set = Every administrator will get yesterday’s digest every day at { $hour }:00 ({ $zone }), starting at the next { $hour }:00.
digest-off = The daily digest is off.

settings-feed = Order feed to administrators
settings-feed-how = Change with /feed on|off
settings-digest = Daily digest
settings-digest-at = every day at { $hour }:00 ({ $zone })
settings-digest-how = Change with /digest <hour 0–23|off>

digest-title = Daily digest for { $day }
digest-no-orders = No orders were placed.
digest-orders = { $count ->
    [one] { $orders } order, { $spend } spent:
   *[other] { $orders } orders, { $spend } spent:
}
digest-orders-batches = { $count ->
    [one] { $orders } order, { $spend } spent
   *[other] { $orders } orders, { $spend } spent
}, of which { $inBatches } in { $batchCount ->
    [one] { $batches } batch
   *[other] { $batches } batches
}:
digest-person-line = • { $person }: { $count ->
    [one] { $orders } order
   *[other] { $orders } orders
}, { $spend }
digest-no-returned = No order failed or was refunded.
digest-returned = Failed, cancelled or refunded: { $count }
digest-no-action = No order needs action.
digest-action = Needing action now: { $count }
digest-order-line = • #{ $id } { $person }: { $product }, { $amount } ({ $state })
digest-more = …and { $count } more (see /export).
digest-balance = Wallet balance: { $balance }
digest-balance-unknown = Wallet balance: the provider could not be asked.
# What an order was for, ending its line in the feed (the note is shortened to fit).
feed-for-centre = — for { $centre }
feed-for-centre-note = — for { $centre }: { $note }
feed-for-note = — for: { $note }
# The day's spend per cost centre, where any order of the day named one.
digest-cost-centres = Spend per cost centre:
digest-cost-centre-line = • { $centre }: { $count ->
    [one] { $orders } order
   *[other] { $orders } orders
}, { $spend }
digest-no-cost-centre = No cost centre
digest-cost-centres-folded = • { $centres } more cost centres: { $count ->
    [one] { $orders } order
   *[other] { $orders } orders
}, { $spend }
feed-centres-more = { $centres } and { $more } more
feed-follow-up-centre = , { $centre }

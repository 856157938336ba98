### English messages of the order-history sweep (Fluent).

alert-order-not-found = Unknown to the provider: { $order } was answered "not found" { $misses } times in a row. Check with the provider whether this order exists; until then it is only checked every few minutes, and nothing will be resubmitted.

### English messages about giftdesk starting up (Fluent): what staff see while the first catalog is still being read.

order-catalog-loading = The catalog is still loading from the provider. Please send /order again in a minute.

## The database lost and back (PostgreSQL): what staff and administrators read meanwhile
outage-unavailable = giftdesk is briefly unavailable: it cannot reach its database. Nothing was ordered and no money was spent. Please try again in a few minutes.
outage-alert = ⚠️ giftdesk cannot reach its database since { $since } ({ $minutes } min). Nothing is being ordered or sent to the provider, and staff who write are told so. Codes of orders already placed are delivered once the database is back.
outage-back = ✅ giftdesk reaches its database again, after { $minutes } min away. Ordering and deliveries have resumed.

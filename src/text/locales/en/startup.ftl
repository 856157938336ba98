### English messages about giftdesk starting up (Fluent): what staff see while the first catalog is still being read.

order-catalog-loading = The catalog is still loading from the provider. Please send /order again in a minute.

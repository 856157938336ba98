### English messages for /settings (Fluent).

settings-title = Settings you can change in the chat:
settings-line = • { $label }: { $value }
settings-how = { "  " }{ $how }
settings-off = off
settings-none = Nothing can be changed in the chat yet.
settings-spending-order = Team limit per order
settings-spending-day = Team limit per day
settings-spending-month = Team limit per month
settings-spending-approval = Orders above this need approval
settings-spending-how = Change with /limits default { $kind } <amount|off>; per person with /limits <id> { $kind } …
settings-low-balance = Low-balance alert below
settings-low-balance-how = Change with /lowbalance <amount|off>
settings-codes-removal = Codes leave the chats after
settings-codes-removal-how = Change with /retention codes <hours|off>
settings-answers-kept = End customers' answers kept
settings-answers-kept-how = Change with /retention answers <days|off>

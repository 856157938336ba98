### English messages for top-up requests to finance (/topup) (Fluent).

topup-usage = /topup request <amount> [note]: a top-up request for finance, to forward to them; I tell you when the credit reaches the wallet. /topup: the requests not received yet.
topup-bad-amount = "{ $value }" is not an amount to ask for: write a whole amount above zero, such as /topup request 50,000,000 for December.
topup-drafted = Top-up request #{ $id } for { $amount } is kept. Forward the next message to finance; I will tell you when a credit of about that amount reaches the wallet.
topup-draft-title = Wallet top-up request #{ $id }
topup-draft-amount = Amount asked: { $amount }
topup-draft-balance = Balance now: { $balance }
topup-draft-before = Now: { $runway }
topup-draft-after = After the top-up: { $runway }
topup-draft-spent = Spent this month so far: { $spent }
topup-draft-statement = Statement since { $from }: opening { $opening }, credits { $credits }, debits { $debits }, balance { $closing }; { $count ->
    [one] { $exceptions } exception
   *[other] { $exceptions } exceptions
}.
topup-draft-month-unknown = This month's statement: not known yet (the wallet's transactions have not been read).
topup-draft-note = Note: { $note }
topup-draft-by = Asked by { $who } on { $at }.
topup-runway-unknown = how long the wallet lasts is not known.
topup-open-none = No top-up request is waiting for its credit.
topup-open-title = Top-up requests waiting for their credit:
topup-open-line = #{ $id } · { $amount } · asked by { $who } on { $at } · { $note }
topup-received = Top-up request #{ $id } for { $amount } is received: a credit of { $credit } reached the wallet on { $at }.
command-topup = Ask finance for a top-up
audit-topup-requested = asked finance for a top-up of { $amount } (request #{ $request })
audit-topup-received = top-up request #{ $request } received: { $amount } credited

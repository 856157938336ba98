### English messages for batches read from a CSV file: refusals of the whole file, and the problems of its rows.

batch-file-not-csv-spreadsheet = This is an Excel workbook, not a CSV file. In Excel choose File → Save As → “CSV UTF-8 (Comma delimited)” and send that file.
batch-file-not-csv-binary = This file is not a CSV table. Send a CSV file with one row per order line: product, region, quantity and the product's questions.
batch-file-not-csv-one-column = This file has a single column, so it is not a table of orders. Each row needs at least a product and a quantity, separated by commas or semicolons.
batch-file-not-csv-broken-quotes = A quotation mark on line { $line } is never closed, so the file cannot be read. Save it from the spreadsheet as CSV again and send it.
batch-file-empty = The file has no rows to order.
batch-file-too-many-rows = The file has more than { $max } rows; a batch takes at most { $max }. Split it into several files.
batch-file-not-utf8 = The file is not saved as UTF-8, so Persian text in it would come out garbled. In Excel choose “CSV UTF-8 (Comma delimited)” when saving.
batch-file-not-utf8-utf16 = This file is saved as Unicode (UTF-16) text. Save it as “CSV UTF-8 (Comma delimited)” and send it again.
batch-file-duplicate-column = The column “{ $column }” appears twice. Keep one of them and send the file again.

batch-problems-title = { $count ->
    [one] Nothing was ordered: one row needs fixing.
   *[other] Nothing was ordered: { $problems } problems need fixing.
}
batch-problems-fix = Fix them in the file and send it again.
batch-problem-at = Row { $row }, “{ $column }”: { $text }
batch-problem-at-row = Row { $row }: { $text }
batch-problems-more = … and { $count } more problems.

batch-problem-unknown-product = no product has the id or title “{ $value }”.
batch-problem-ambiguous-title = several products are called “{ $value }” (ids { $candidates }); write the id of the one you mean.
batch-problem-product-unavailable = “{ $value }” cannot be ordered now: no region of it is on sale.
batch-problem-wrong-region = this product has no region “{ $value }”; it is sold in { $regions }.
batch-problem-bad-quantity = “{ $value }” is not a quantity: write a whole number, 1 or more.
batch-problem-quantity-above-stock = only { $stock } are in stock, and this row with the rows of this product above it that fit asks for { $asked }.
batch-problem-missing-column = the file has no such column, and this row needs it.
batch-problem-missing-value = this row needs a value here.
batch-problem-invalid-answer = “{ $value }”: { $reason }
batch-problem-unknown-column = no product in the file has a question by this name. Correct the name or remove the column.
batch-problem-duplicate-column = another column already holds the answers to this question. Keep one of them.
batch-problem-stray-value = “{ $value }” is outside the named columns.

## Starting a batch: /batch, the template, a quantity, the file itself.

batch-help = A batch places many orders with one Confirm, one after another, and sends every code in one file.
    • For more than { $max } of one product: /batch <product id> <quantity> [region]
    • For a list of recipients: /batch template <product id> gives a file to fill in (one row per order line, a column per question); send it back here.
    • /batch #<number> shows a batch and sends its file of codes again.
batch-usage = Write /batch <product id> <quantity> [region], /batch template <product id>, or /batch #<number>. Send /batch alone for help.
batch-template-usage = Write /batch template <product id>: the product's id is in its order menu and in /orders.
batch-template-caption = Fill in one row per order line for { $product }: the quantity and the answers. Save as “CSV UTF-8” and send the file back here.
batch-product-unknown = No product has the id { $product }.
batch-quantity-not-orderable = { $product } is not available: administrators have taken it off the list. Nothing was started.
batch-quantity-problem = This batch cannot start: { $text }
batch-quantity-needs-file = This product asks questions for each order (an e-mail, say), so a batch of it comes from a file: send /batch template { $id }, fill in a row per recipient and send it back.
batch-file-too-large = This file is larger than { $max }; a batch file is a table of text, far smaller. Check that you sent the right file.
batch-file-download-failed = The file could not be fetched from Telegram. Please send it again.
batch-list-title = Your recent batches
batch-list-line = #{ $id } · { $when } · { $orders } orders · { $total } · { $state }
batch-not-found = There is no batch #{ $id } of yours.

## The summary and Confirm.

batch-summary-title = Batch #{ $id } from { $file }
batch-summary-title-quantity = Batch #{ $id }
batch-summary-counts = { $n ->
    [one] { $orders } order
   *[other] { $orders } orders
}, { $units } units, { $total } in all
batch-summary-product = • { $product }: { $units }
batch-summary-wallet = Wallet: { $balance } now, { $after } after this batch
batch-summary-wallet-short = Not enough in the wallet: { $balance } now, this batch costs { $total }, { $short } short. The wallet would pay the first { $covers } of { $orders } orders. Top up the wallet, or make the batch smaller.
batch-summary-same-file = ⚠️ You sent this same file on { $when } (batch #{ $batch }, { $state }). Confirm only if it should be ordered again.
batch-summary-approval = An administrator must approve this batch before anything is ordered.
batch-summary-hint = The orders go out one after another; you can stop the rest at any time. Prices and stock are checked again before each order.
batch-button-confirm = ✅ Confirm batch
batch-button-cancel = Cancel
batch-button-stop = ⏹ Stop
batch-button-continue = ▶️ Continue
batch-button-continue-at = ▶️ Continue at { $price }
batch-button-approve = ✅ Approve batch
batch-button-refuse = ❌ Refuse
batch-paused = Ordering is paused, so the batch was not started. Nothing was ordered.
batch-over-limit = This batch goes over your { $limit }: { $left } is left. Nothing was ordered.
batch-limit-order = limit per order
batch-limit-day = daily limit
batch-limit-month = monthly limit
batch-cancelled = Batch cancelled. Nothing was ordered.
batch-stopped = Stopped: no more orders of this batch are sent. What was ordered is still delivered.
batch-not-stoppable = This batch has nothing left to stop.
batch-continues = The batch goes on.
batch-not-held = This batch is not waiting for you any more.

## Approval of a batch as a whole.

batch-sent-for-approval = The batch is waiting for an administrator's approval. Nothing is ordered until then; you will be told.
batch-approval-title = Batch #{ $id } waits for your approval
batch-approval-title-group = Batch #{ $id } waits for an administrator's approval
batch-approval-requester = Requested by { $person }
batch-approval-file = File: { $file }
batch-approve-own = Another administrator must approve your own batch.
batch-approval-settled = This batch was already decided.
batch-approval-expired-press = This batch expired without a decision; nothing was ordered.
batch-approved = Batch #{ $id } was approved: the orders are going out.
batch-approved-admin = You approved batch #{ $id }.
batch-refused = Batch #{ $id } was refused by an administrator. Nothing was ordered.
batch-refused-admin = You refused batch #{ $id }.
batch-expired = Batch #{ $id } waited too long for an administrator's approval and has expired. Nothing was ordered or charged; you can send it again.
batch-decide-own = Another administrator must decide on your own batch.
batch-approval-decided-title = Batch #{ $id }
batch-approval-approved-by = Approved by { $by }: the orders are going out.
batch-approval-refused-by = Refused by { $by }. Nothing was ordered.
batch-approval-stopped = Stopped by its orderer before anyone decided. Nothing was ordered.
batch-approval-expired = Nobody decided in time: it expired. Nothing was ordered.

## Progress, held orders and the file of codes.

batch-progress-title = Batch #{ $id }: { $state }
batch-progress-counts = Ordered { $placed } of { $orders } · delivered { $delivered } · failed { $failed }
batch-progress-spent = Spent { $spent } of { $total }
batch-state-draft = waiting for your Confirm
batch-state-waiting-approval = waiting for approval
batch-state-running = ordering…
batch-state-held = waiting for you
batch-state-checking = checking an order whose answer was lost…
batch-state-hidden = waiting: an administrator hid { $product }
batch-state-placed = all ordered, deliveries coming
batch-state-done = done
batch-state-stopped = stopped
batch-state-cancelled = cancelled
batch-state-expired = expired: nobody approved it in time
batch-held-title = Batch #{ $id } stopped at order { $index } of { $orders }
batch-held-price-changed = The price of { $product } changed from { $from } to { $to }. Continue at the new price, or stop the rest.
batch-held-stock = The provider does not have enough stock for the next order. Continue to try again, or stop the rest.
batch-held-funds = The wallet does not hold enough for the next order. Top it up and continue, or stop the rest.
batch-held-paused = Ordering is paused. Continue once it is resumed, or stop the rest.
batch-held-access = The provider refused our access. Continue once administrators have fixed it, or stop the rest.
batch-held-limit = The next order would go over a spending limit. Continue once it allows, or stop the rest.
batch-held-approval = The next order needs an administrator's approval. Stop the rest, or continue once approved.
batch-held-unknown-outcome = The answer to an order was lost; it is being checked before anything else is ordered.
batch-held-provider = The provider refused the next order. Continue to try again, or stop the rest.
batch-held-velocity = Too many orders in a short time. Continue in a while, or stop the rest.
batch-held-product-hidden = An administrator hid { $product } from staff, so nothing more is ordered for now. The batch goes on by itself once it is shown again (its price is checked first), or stop the rest.
batch-still-hidden = Still hidden: the batch goes on by itself once an administrator shows the product again. Stop ends it here.
batch-file-caption = Batch #{ $id }: { $delivered } of { $orders } orders delivered, { $failed } failed. Every code is in this file; keep it safe.
batch-file-col-order = Order in batch
batch-file-col-reference = Reference
batch-file-col-state = State
batch-file-col-product = Product
batch-file-col-region = Region
batch-file-col-code = Code
batch-file-col-pin = PIN
batch-file-col-serial = Serial
batch-file-col-expiry = Expiry
batch-file-col-other = Other details
batch-file-col-row = File row
batch-file-col-answers = Answers
command-batch = Many orders at once, from a quantity or a file
batch-approved-price-up = This batch was approved at the prices it was shown with. At a higher price it needs a new approval: stop it, and send the rest as a new batch.
batch-file-codes-unread = The provider did not give this order's codes when the file was made; /track shows the order.
batch-too-many-orders = That is { $orders } orders; a batch holds at most { $max }. Split it into several batches.
batch-file-just-sent = The file of this batch was sent a moment ago; ask again in a minute.
batch-problem-unknown-cost-centre = no cost centre has the name or code “{ $value }”.
batch-problem-retired-cost-centre = the cost centre “{ $value }” is retired: name an active one.
batch-ask-cost-centre = Which cost centre is batch #{ $id } for? Every order of it is placed for the one you choose (a column “cost centre” in the file names one per row).
batch-cost-centre-chosen = Batch #{ $id }: cost centre { $name }.
batch-cost-centre-none = Batch #{ $id }: no cost centre.
batch-cost-centre-stale = That batch is no longer waiting for its cost centre. Nothing was changed.
batch-cost-centre-first = Choose the batch’s cost centre first (the question above): every order names its cost centre. Nothing was placed.

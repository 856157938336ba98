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
batch-problem-quantity-above-stock = only { $stock } are in stock, and the rows of this product up to here ask for { $asked }.
batch-problem-missing-column = the file has no such column, and this row needs it.
batch-problem-missing-value = this row needs a value here.
batch-problem-invalid-answer = “{ $value }”: { $reason }
batch-problem-unknown-column = no product in the file has a question by this name. Correct the name or remove the column.
batch-problem-duplicate-column = another column already holds the answers to this question. Keep one of them.
batch-problem-stray-value = “{ $value }” is outside the named columns.

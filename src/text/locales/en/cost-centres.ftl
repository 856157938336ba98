### Cost centres kept by administrators, and what /order asks of them (Fluent).

command-costcentres = Cost centres orders are charged to
cost-centres-title = Cost centres (the number is what rename and retire take):
cost-centres-none = No cost centres yet.
cost-centres-retired-title = Retired (kept on past orders, no longer offered):
cost-centres-usage =
    /costcentres add Name | CODE: a new cost centre, in any language; the accounting code after | is optional
    /costcentres rename 3 New name: a new name, also on past orders
    /costcentres retire 3: no longer offered; past orders keep it
    /costcentres mode off|optional|required: whether /order asks for one
cost-centres-bad-name = A cost centre needs a name of at most { $max } characters, on one line.
cost-centres-bad-code = An accounting code is up to 16 letters, digits, dots, dashes or slashes, after |, e.g. /costcentres add Marketing | MKT-01
cost-centres-taken = There is already an active cost centre of that name: { $centre }. Nothing was changed.
cost-centres-added = Added cost centre { $centre }.
cost-centres-renamed = Renamed "{ $before }" to { $centre }.
cost-centres-retired = Retired { $centre }: it is no longer offered, and past orders keep it.
cost-centres-already-retired = { $centre } is retired: nothing was changed.
cost-centres-gone = There is no cost centre number { $id }. See /costcentres.
cost-centres-mode-off = off
cost-centres-mode-optional = asked, may be skipped
cost-centres-mode-required = required
cost-centres-mode-off-now = /order does not ask for a cost centre.
cost-centres-mode-optional-now = /order asks for a cost centre and a note before the summary; both may be skipped.
cost-centres-mode-required-now = /order asks for a cost centre before the summary, and a note that may be skipped.
cost-centres-mode-none-yet = There is no active cost centre yet: until one is added, /order does not ask.
settings-cost-centres = Cost centre on orders
settings-cost-centres-how = Change with /costcentres mode off|optional|required
audit-cost-centre-added = added the cost centre "{ $name }"
audit-cost-centre-renamed = renamed the cost centre "{ $before }" to "{ $name }"
audit-cost-centre-retired = retired the cost centre "{ $name }"
audit-setting-cost-centres = set the cost centre on orders to: { $value } (was: { $before })
purpose-ask-centre = Which cost centre is this order for?
purpose-required = Choose one: every order names its cost centre.
purpose-optional = Choose one, or tap Skip.
purpose-centre-gone = That cost centre is no longer offered. Please choose another.
purpose-chosen = Cost centre: { $name }
purpose-note-hint = To add a note of one line (what it is for, at most { $max } characters), send it before you choose.
purpose-note-kept = Note: { $note }
    (send another line to replace it, then choose)
purpose-ask-note = What is it for? Send a note of one line (at most { $max } characters), or tap Skip.
purpose-note-empty = Please send the note as text.
purpose-note-too-long = That note is { $length } characters long; at most { $max } fit on one line. Please send a shorter one.
summary-cost-centre = Cost centre: { $name }
summary-note = Note: { $note }
purpose-skip-refused = A cost centre is required: Skip is not offered. Please choose one.
order-cost-centre = Cost centre: { $centre }
order-note = Note: { $note }
export-col-cost-centre = Cost centre
export-col-cost-centre-code = Cost centre code
export-col-note = Note
edit-purpose = Cost centre and note
purpose-centre-retired = The cost centre “{ $name }” is retired: please choose another.

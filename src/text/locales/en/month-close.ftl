### English messages for annotating the statement's exceptions and closing a month (/statement note, /statement close).

month-close-usage =
    /statement note [YYYY-MM] <key> explained|refunded|written-off <one line>: say what an exception was (the key is shown beside each one)
    /statement close <YYYY-MM>: close the month once every exception is annotated and no order of it is open; a second administrator confirms
month-close-note-kind-explained = explained
month-close-note-kind-refunded = refunded
month-close-note-kind-written-off = written off
month-close-notes-title = Annotations: { $annotated } of { $count } exceptions of { $from } – { $to } annotated.
month-close-note-line = • { $key }: ✓ { $kind } by { $person }: “{ $note }”
month-close-note-missing = • { $key }: not annotated yet
month-close-notes-more = …and { $count } more.
month-close-notes-hint = Annotate one with /statement note { $month } <key> explained|refunded|written-off <one line>. When every one is annotated: /statement close { $month }
month-close-bad-note = Write it as: /statement note [YYYY-MM] <key> explained|refunded|written-off <one line of text>. The key is the one shown beside the exception, for example fd-1234.
month-close-note-too-long = One line of at most { $max } characters, please.
month-close-no-such-exception = This month's statement has no exception { $key }. The keys are listed under /statement { $month }.
month-close-noted = Noted: { $key } { $kind }: “{ $note }”. { $count ->
    [0] Every exception of the month is annotated: /statement close { $month } closes it.
   *[other] Still to annotate: { $left }.
}
month-close-button = ✍️ { $key }
month-close-ask-kind = What was { $key }? { $exception }
month-close-kind-chosen = { $key }: { $kind }. Write one line about it as a reply to the next message.
month-close-note-prompt = { $key } { $kind }: why, in one line of at most { $max } characters?
month-close-note-placeholder = What it was, in one line
month-close-note-refused = One line of 1 to { $max } characters, please. Reply to the question again.
month-close-press-stale = This button is no longer valid: nothing was changed. /statement lists the month's exceptions as they are now.
month-close-press-gone = The statement of { $month } no longer has exception { $key }: nothing was changed.
month-close-press-annotated = { $key } is annotated already ({ $kind } by { $person }): nothing was changed. To change what it says: /statement note { $month } { $key } explained|refunded|written-off <one line>
month-close-already-closed = The statement of { $from } – { $to } was closed on { $at }: it no longer changes.
month-close-future = { $from } – { $to } has not begun: there is nothing to close.
month-close-bad-month = Write the month to close as YYYY-MM, for example /statement close 2026-11.
month-close-blocked = The statement of { $from } – { $to } cannot be closed yet:
month-close-blocked-unannotated = Exceptions not annotated ({ $count }): { $keys }
month-close-blocked-open = Orders still open ({ $count }): { $orders }
month-close-blocked-awaiting = Orders placed moments ago, their debit not in the wallet yet ({ $count }): { $orders }
month-close-blocked-hint = Annotate with /statement note { $month } <key> …; wait for open orders to finish, then ask again.
month-close-done = The statement of { $from } – { $to } is closed. It is kept as it is now and sent to the administrators{ $finance ->
    [yes] {" "}and the finance chat
   *[no] {""}
}.
month-close-closed-header = 🔒 Closed on { $at }: asked by { $requester }, confirmed by { $confirmer }. These figures are kept as they were at the close.
month-close-closed-header-alone = 🔒 Closed on { $at } by { $requester }, the only administrator then (no second administrator to confirm). These figures are kept as they were at the close.
month-close-late-title = Late entries ({ $count }): dated in this month, they reached the wallet after the close and are not in the figures above.
month-close-late-line = • Transaction { $transaction } of { $amount } on { $at } ({ $type }, provider order { $providerOrder })
month-close-late-alert = A transaction dated in the closed month { $from } – { $to } reached the wallet after the close: { $transaction } of { $amount } on { $at } ({ $type }). The closed statement stays as it was; /statement { $month } lists it as a late entry.
month-close-sent-caption = The closed statement of { $from } – { $to } as a spreadsheet, kept as it was at the close.
dual-change-month-close = close the wallet statement of { $from } – { $to } (it is then kept as it is and no longer changes)
dual-change-month-close-plain = close the wallet statement of the month starting { $month }
settings-finance-chat = Finance chat that receives closed statements
settings-finance-chat-none = none (administrators only)
settings-finance-chat-how = Set FINANCE_CHAT_ID in the environment
audit-statement-annotated = annotated exception { $key } of the month starting { $month } as { $kind }: “{ $note }”
audit-statement-closed = closed the wallet statement of the month starting { $month } (asked by { $requester })

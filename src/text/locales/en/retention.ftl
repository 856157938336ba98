### English messages for how long codes stay in the chats and answers are kept (Fluent).

codes-removed-line = The codes of order { $order } were removed from this chat after { $hours } hours. /track { $order } shows them again.
retention-usage =
    /retention codes <hours|off>: take delivered codes out of the chats after this many hours (1 to { $maxHours }); a line says how to see them again
    /retention answers <days|off>: erase the end customers' answers (e-mails, phone numbers, player IDs) this many days after an order settled (1 to { $maxDays }); the order and its amounts stay
retention-codes-set = Codes leave the chats { $hours } hours after they were sent.
retention-codes-off = Codes stay in the chats (removal is off).
retention-answers-set = End customers' answers are erased { $days } days after an order settled.
retention-answers-off = End customers' answers are kept for good.
retention-bad-value = "{ $value }" is not a whole number from 1 to { $max }, or off.
retention-hours = { $hours } hours
retention-days = { $days } days
retention-forever = kept for good
answer-erased = erased after { $days } days
track-answers-hidden = The end customer's answers are shown to the orderer and administrators only.

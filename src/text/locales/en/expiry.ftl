### English messages for codes that expire: the delivery's button, the reminder, /expiry and the digest's line (Fluent).

expiry-mark-button = ✅ Mark handed over
expiry-marked-note = ✔️ Handed over
expiry-mark-done = Marked handed over: no reminder will come for these codes.
expiry-mark-already = These codes are already marked handed over.
expiry-mark-nothing = This order has no codes with an expiry date to mark.
expiry-mark-not-yours = Only the person who placed the order can mark its codes handed over.

expiry-reminder = ⏳ { $count ->
    [one] The code of order { $reference } ({ $goods }) expires on { $date }, and it is not marked handed over.
   *[other] { $cards } codes of order { $reference } ({ $goods }) expire on { $date }, and they are not marked handed over.
}
expiry-reminder-first = ⏳ { $count ->
    [one] The code of order { $reference } ({ $goods }) expires on { $date }, and it is not marked handed over.
   *[other] { $cards } codes of order { $reference } ({ $goods }) expire from { $date } on, and they are not marked handed over.
}
expiry-reminder-how = /track { $reference } shows them again. Handed over already? Press the button below.

expiry-usage = /expiry remind <days|off>: remind the person who ordered, once, this many days before their codes expire (1 to { $max }), unless they marked them handed over.
expiry-state-on = Codes not marked handed over are reminded { $days } days before they expire, from 09:00 ({ $zone }).
expiry-state-off = Expiry reminders are off.
expiry-bad-days = “{ $value }” is not a whole number of days from 1 to { $max }, or off.
expiry-days = { $days } days before, from 09:00 ({ $zone })

settings-expiry-remind = Reminder before codes expire
settings-expiry-remind-how = Change with /expiry remind <days|off>

digest-expiring = Codes not marked handed over that expire by { $date }: { $count }

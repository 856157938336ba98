### English messages for the staff member's phone: local times, recaps, copy buttons, order again, non-text answers.

times-in-zone = Times in { $zone }.
orders-entry =
    { $n }. { $name }: { $goods }
    { $state } · { $amount } · { $when }

orders-entry-batch =
    { $n }. Batch #{ $id } · { $orders } orders · { $units } units
    { $state } · { $amount } · { $when }
orders-button-batch = { $n }. Batch #{ $id } · { $orders } orders
delivery-copy = Copy { $what }
order-not-text = I can only read text and buttons here, not stickers, photos, voice notes or contacts. Please answer the question below with text or a button.
recap-order = { $goods }
recap-charged = Charged: { $amount }
recap-charged-other-amount = ⚠️ Charged: { $charged }, not the { $confirmed } you confirmed. The provider's price changed at the moment the order was sent. Administrators have been told.
recap-typical-under-a-minute = Delivery usually takes less than a minute.
recap-typical-minutes =
    Delivery usually takes about { $minutes ->
        [one] a minute
       *[other] { $minutes } minutes
    }.
recap-typical-unknown = There are no recent deliveries to go by yet; most arrive within a few minutes.
recap-check = To check on it: /track { $reference }
delivery-charged = Charged: { $amount }

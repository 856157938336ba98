### English messages for the staff member's phone: local times, recaps, copy buttons, order again, non-text answers.

times-in-zone = Times in { $zone }.
orders-entry =
    { $n }. { $name }: { $product } × { $quantity }
    { $state } · { $amount } · { $when }

delivery-copy = Copy { $what }
order-not-text = I can only read text and buttons here, not stickers, photos, voice notes or contacts. Please answer the question below with text or a button.

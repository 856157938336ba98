### English messages for orders whose outcome needed proof (Fluent): an accepted order not recorded, an automatic adoption.

order-accepted-unrecorded = The provider accepted your order, and it is our order { $reference }. It could not be recorded here as usual, so an administrator is sorting it out and will make sure the codes reach you. Please do not order it again. To check on it: /track { $reference }
alert-accepted-unrecorded = Please sort out: the provider accepted { $order } as its order { $acceptedReference } (number { $acceptedOrderId }, { $acceptedAmount }), and the wallet was charged, but it could not be recorded here as placed, most likely because another local order already holds that provider order number. Adopt it with /review #{ $orderId } adopt { $acceptedOrderId }. If /review answers that the other order holds it, compare the two in the provider's history first: one provider order is never delivered to two of ours.
alert-adopted = Adopted automatically: { $order } is provider order { $providerOrderId }. Proof: the provider created it at { $createdAt }, inside the time our order request was in flight ({ $from } to { $to }, give or take { $marginMs } ms of clock difference, { $measured ->
    [yes] measured
   *[no] not measured yet
  }), and the wallet shows its debit of { $debit }.
review-none-accepted = Order #{ $id } was accepted by the provider as { $reference }, so it cannot be marked as not placed. Adopt it with /review #{ $id } adopt { $reference }.
review-released = Provider order { $reference } was also recorded on our order #{ $linked } from an earlier, different provider account or sandbox; that stale link was removed.
track-hint-accepted-unrecorded = The provider accepted this order, but it could not be recorded here as usual. An administrator is sorting it out and will make sure the codes reach you; do not order it again.

### English messages for the provider's refusals, waits and bad answers (Fluent).

provider-waiting = The provider asked us to wait until { $time } ({ $zone }), about { $minutes } min. Nothing was sent; please try again then.
provider-waiting-unknown = The provider asked us to wait before we ask again. Nothing was sent; please try again in a few minutes.
provider-refused = The provider refused this request. The provider said: “{ $message }”
provider-said = The provider said: “{ $text }”
provider-refused-plain = The provider refused this request without saying why. Please check what you asked for, or try again later.
provider-order-mismatch = The provider answered with the details of a different order, so nothing is shown. Administrators have been told; please try again later.
provider-order-unknown = The provider no longer knows order { $order }: it answered "not found", although it once accepted this order. The provider is answering, so trying again will not help. Tell an administrator, who can ask the provider about this order.
provider-order-mismatch-alert = Warning: asked for order { $asked }, the provider answered with order { $answered }. Nothing of it was shown or sent. Check that order in the provider's panel; giftdesk will ask again later.
provider-retry-after-clamped-alert = Warning: the provider asked giftdesk to stop sending requests for { $requested } seconds (HTTP 429). giftdesk waits { $applied } minutes at most and then asks again; staff are told to wait meanwhile. If this keeps happening, ask the provider about the limit on our key.
field-too-long-email =
    An e-mail address can be at most { $max ->
        [one] one character
       *[other] { $max } characters
    }.
field-too-long-phone =
    A phone number can be at most { $max ->
        [one] one character
       *[other] { $max } characters
    }.
field-too-long-number =
    A number can be at most { $max ->
        [one] one character
       *[other] { $max } characters
    }.
field-too-long-text =
    That is too long: answers here can be at most { $max ->
        [one] one character
       *[other] { $max } characters
    }.

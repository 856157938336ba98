### /audit: who did what, newest first. Details after a dash are the record's own words.

audit-usage =
    Usage:
    /audit: everything, newest first
    /audit @username or /audit <telegram id>: what one person did, and what was done to them or their orders
    /audit #<order>: one order's history
audit-title = Audit
audit-title-person = Audit of { $who }
audit-title-order = Audit of order #{ $id }
audit-page = Page { $page } of { $pages }, newest first.
audit-none = Nothing recorded.
audit-btn-newer = ‹ Newer
audit-btn-older = Older ›
audit-unknown-user = I do not know @{ $username }: they have not written to the bot. Use their numeric Telegram ID instead.
audit-system = giftdesk

audit-order = order #{ $id } ({ $product } × { $quantity })
audit-order-plain = order #{ $id }
audit-codes-own = saw their own codes of { $order }
audit-codes-other = saw { $owner }'s codes of { $order }
audit-staff-added = gave { $who } access as { $roles }
audit-staff-role-changed = changed the role of { $who }: { $roles }
audit-staff-removed = took access away from { $who } ({ $roles })
audit-setting-changed = changed a setting{ $detail }
audit-paused = paused ordering{ $detail }
audit-resumed = resumed ordering
audit-order-intent = started { $order } for { $amount }
audit-order-placed = { $order } was placed for { $amount }{ $detail }
audit-order-adopted = { $order } was matched to a provider order{ $detail }
audit-order-link-released = { $order } lost its link to a provider order{ $detail }
audit-order-state = { $order }: { $state }{ $detail }
audit-notification-sent = told about { $order }{ $detail }
audit-notification-undeliverable = could not tell about { $order }{ $detail }
audit-other = { $action }{ $detail }

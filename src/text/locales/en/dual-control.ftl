### English messages for dual control: privileged changes that wait for a second administrator.

dual-change-role = make { $person } an administrator
dual-change-default = set the team's “{ $kind }” to { $value }
dual-change-person = set { $person }'s “{ $kind }” to { $value }
dual-change-reset = put { $person }'s “{ $kind }” back to the team default ({ $value })
dual-asked = Sent to the other administrators: { $change }. It takes effect once one of them confirms, and lapses at { $until } if no one does.
dual-held = Not changed: { $change }. An administrator was removed lately, so until { $until } such changes need a second administrator, and there is none. The server's ADMIN_IDS can add one.
dual-card-title = Please confirm
dual-card = { $requester } wants to { $change }.
dual-card-hint = Confirm only if you know they meant it. Lapses at { $until }.
dual-confirm-button = ✅ Confirm
dual-refuse-button = ✖️ Refuse
dual-news-confirmed = Done: { $change }. Asked by { $requester }, confirmed by { $by }.
dual-news-refused = Not done: { $change }. Asked by { $requester }, refused by { $by }.
dual-news-void = Not done: { $change }. Asked by { $requester }; { $why }
dual-news-expired = Not done: { $change }. Asked by { $requester }; no one confirmed in time.
dual-news-immediate = { $by } changed this: { $what }
dual-why-requester-not-admin = they are no longer an administrator.
dual-why-person-gone = that person is no longer on the staff.
dual-why-invalid = the request could not be read.
dual-not-found = This request no longer exists.
dual-already-confirmed = Already confirmed.
dual-already-refused = Already refused.
dual-already-expired = This request lapsed.
dual-own-request = You can't confirm your own request: another administrator must.
dual-not-admin = Only an administrator can decide this.
dual-failed = Confirmed, but the change could not be saved, so nothing changed. Please ask again.

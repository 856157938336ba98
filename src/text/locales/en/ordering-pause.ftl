### English messages for the ordering pause (Fluent): /pause, /resume, and the pause shown in /start, /balance and /order.

ordering-paused-by-provider = Ordering is paused since { $since }: the provider refused our access. The provider said: “{ $reason }”. No order is sent until an administrator resumes ordering.
ordering-paused-by-admin = Ordering is paused since { $since } by an administrator: { $reason }. No order is sent until an administrator resumes ordering.
ordering-paused-by-telegram = Ordering is paused since { $since }: Telegram shows that someone else is using this bot's token. No order is sent until an administrator resumes ordering.
ordering-pause-no-reason = no reason given
ordering-pause-resume-hint = Send /resume to open ordering again.
ordering-paused-order-kept = Your unfinished order is kept. I will tell you when ordering opens again; you can then go on from its last message.
ordering-paused-order-later = Please send /order again once ordering is open.
ordering-paused-alert = Ordering is paused: the provider refused giftdesk (HTTP { $status }). The provider said: “{ $reason }”. No order is sent until an administrator sends /resume. First check the API key and the server's IP allow-list in the provider's panel; I will tell you when the provider answers again.
order-rejected-paused = Ordering is paused, so the order was not sent and nothing was charged.
ordering-provider-back-alert = The provider answers giftdesk again. Ordering is still paused: send /resume to open it.
bot-token-foreign-webhook-alert = Someone else is using this bot's token: Telegram now sends the bot's messages to { $url }, an address giftdesk did not set. Ordering is paused. If nobody on your team changed it: open @BotFather, revoke the token (/revoke), put the new one in BOT_TOKEN and restart giftdesk, then send /resume.
bot-token-polling-conflict-alert = Someone else is using this bot's token: another program is taking the bot's messages from Telegram at the same time as giftdesk. Ordering is paused. If it is not a second giftdesk of yours: open @BotFather, revoke the token (/revoke), put the new one in BOT_TOKEN and restart giftdesk, then send /resume.
pause-done = Ordering is paused. No order is sent until an administrator sends /resume.
pause-already = Nothing was changed.
pause-by-other-admin = { $name } paused ordering: { $reason }. Send /resume to open it again.
resume-done = Ordering is open again.
resume-done-provider = Ordering is open again. If the provider still refuses our access, it pauses again at the next refusal.
resume-not-paused = Ordering is not paused.
resume-by-other-admin = { $name } resumed ordering.
resume-order-kept = Ordering is open again. Your unfinished order is where you left it: go on from its last message, or send /order to start afresh.
help-admin-ordering-pause =
    /pause [reason]: stop all ordering until /resume
    /resume: open ordering again

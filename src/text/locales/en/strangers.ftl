### Whether people outside the staff hear from the bot (Fluent).

strangers-reply-on = People outside the staff who write to the bot are told their ID, once an hour, to pass to an administrator.
strangers-silent-on = The bot says nothing to people outside the staff.
strangers-usage =
    /strangers reply: tell people outside the staff their ID (once an hour), so they can ask an administrator to add them
    /strangers silent: say nothing to anyone outside the staff
settings-strangers = Answer to people outside the staff
settings-strangers-reply = their ID, once an hour
settings-strangers-silent = silent
settings-strangers-how = Change with /strangers reply|silent
command-strangers = Whether people outside the staff get an answer
audit-setting-strangers-reply = let the bot tell people outside the staff their ID
audit-setting-strangers-silent = made the bot silent to people outside the staff

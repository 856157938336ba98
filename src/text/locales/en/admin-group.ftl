### English messages for the administrators' group: approvals, alerts and the feed in one group of administrators.

command-admingroup = The administrators' group: approvals, alerts and the feed in one group
help-admin-group = /admingroup: approvals, alerts and the feed in one administrators' group: bind (sent in the group) or unbind, each confirmed by another administrator; private on|off: your own private copies too
admin-group-usage =
    /admingroup bind (sent in the group): make it the administrators' group; another administrator confirms
    /admingroup unbind: everything back to private chats; another administrator confirms
    /admingroup private on|off: whether you also get cards and alerts privately
admin-group-in-group-usage = Send /admingroup bind here to make this the administrators' group (another administrator confirms), or /admingroup unbind.
admin-group-bind-in-group = Add the bot to the group, then send /admingroup bind in the group itself.
admin-group-none = No administrators' group is bound: cards and alerts go to each administrator's private chat.
admin-group-state = The administrators' group is “{ $group }”, bound since { $since }. Approval cards, requests to confirm, alerts and cases, the feed and the digest go there.
admin-group-state-topics = The administrators' group is “{ $group }”, bound since { $since }, with topics for approvals, alerts and the feed.
admin-group-private-on = You also get them in your private chat.
admin-group-private-off = You get them in the group only, not privately.
admin-group-bound = “{ $group }” is now the administrators' group: approval cards, requests to confirm, alerts and cases, the feed and the digest come here. Codes, answers and files never do: they go to the person privately.
admin-group-unbound = “{ $group }” is no longer the administrators' group: everything goes to private chats again.
admin-group-already = “{ $group }” is already the administrators' group.
admin-group-added-hint = To make this the administrators' group, an administrator sends /admingroup bind here; another administrator confirms. Until then the bot posts nothing here.
admin-group-lost = The bot was removed from the administrators' group “{ $group }” (by { $by }), or the group is gone: cards and alerts come to your private chat again.
admin-group-left-stranger = { $by } added the bot to “{ $group }”; it left, since only an administrator may add it to a group.
admin-group-left-unbound = The bot left “{ $group }”: it is not the administrators' group.
admin-group-press-refused = Only an administrator can do this; nothing was changed.
admin-group-not-bound = This group is no longer the administrators' group; nothing was changed.
admin-group-press-not-here = This button does not work in the administrators' group; nothing was changed. Use it in your private chat with the bot.
admin-group-topic-approvals = Approvals
admin-group-topic-alerts = Alerts
admin-group-topic-feed = Feed and digest
dual-change-admin-group-bind = make “{ $group }” the administrators' group
dual-change-admin-group-unbind = stop using “{ $group }” as the administrators' group

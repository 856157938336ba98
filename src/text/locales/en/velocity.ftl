### English messages of the velocity limits: how fast one person may go.

velocity-refused-orders = Not sent: you have confirmed { $cap } orders in the last hour, the most allowed. You can order again from { $when }.
velocity-refused-reveals = Not shown: you have opened other people's codes { $cap } times in the last hour, the most allowed. You can again from { $when }.
velocity-refused-reads = Slow down: at most { $cap } requests to the provider a minute. Try again in { $seconds } seconds.
velocity-too-fast = Slow down: too many requests to the provider in this minute. Try again in a minute.
velocity-refused-pending = Not sent: you already have { $cap } orders waiting for an administrator's approval, the most allowed. You can ask again once one of them is decided.
velocity-alert = { $person } was refused: { $what }. Further attempts in the next hour are refused without another alert. If this was not them, remove them with /staff.
velocity-what-orders = more than { $cap } orders in an hour
velocity-what-reveals = more than { $cap } reveals of other people's codes in an hour
velocity-what-reads = more than { $cap } provider requests in a minute
velocity-what-pending = more than { $cap } orders waiting for approval at once
settings-velocity-orders = Most orders per person per hour
settings-velocity-reveals = Most reveals of others' codes per administrator per hour
settings-velocity-reads = Most provider requests per person per minute
settings-velocity-pending = Most orders waiting for approval per person
settings-velocity-how = Change with /velocity { $kind } <number|off>
velocity-usage = Usage: /velocity <orders|reveals|reads|pending> <number|off>
velocity-set = { $label }: now { $value }.
velocity-current = { $label }: { $value }

### English messages (Fluent). Values passed in are plain text; the bot sends entities, so nothing needs escaping.

sandbox-badge = [SANDBOX]

access-denied = This bot is for authorised staff only. Your Telegram ID is { $id }. If you should have access, send this number to an administrator.
admin-only = Only administrators can do that.

start-welcome = Hello! Through giftdesk you order gift cards from our provider and receive the codes right here.
help-guide-staff =
    How it works:
    • /order: pick a product, answer its questions, check the summary and tap Confirm order. The codes arrive in this chat.
    • Approval: an order above your approval amount waits for an administrator, and I tell you what they decide. Nothing is charged before.
    • Limits: what you spend per order, day and month may be capped; the summary says when an order does not fit.
    • Order again: open a settled order in /orders and tap 🔁 Order again for the same order at today's price.
    • Needs action at the provider: a person there must act on the order. Administrators are told; do not order it again.
    /orders and /track show where an order stands.
help-guide-admin = As an administrator you also decide on approvals (/approvals), set limits (/limits) and manage the staff (/staff). To decide together in one Telegram group: /admingroup.
btn-help-commands = All commands
btn-help-guide = « How it works
help-staff =
    /order: order gift cards
    /favourites: your favourites, first in /order (☆ when asked how many, or under a finished order)
    /batch: many orders at once, from a quantity or a CSV file; one file of codes
    /orders: your recent orders
    /track <order>: where an order stands, and its codes again
    /balance: the wallet balance
    /language: English or Persian
    /cancel: stop what you are doing
    /help: how it works; /help commands: this list
help-admin =
    Administrators also have:
    /staff: list staff; /staff add <id> [admin|staff|viewer]; /staff role <id> <role>; /staff remove <id>
    /sync: refresh the catalog from the provider now
    /picks: team picks, shown to everyone in /order (📌 when asked how many, or under a finished order)
    /orders @user or <telegram id>: one person's orders (/orders alone lists everyone's; #12, A100234 or a product name find orders)
    /transactions: the wallet's transactions
    /review: orders whose outcome is unknown and that wait for your decision

balance-line = Wallet balance: { $amount }

language-choose = Choose your language:
language-set = Done: I will speak English.

cancel-done = Cancelled. Nothing was ordered.
cancel-nothing = There is nothing to cancel.
menu-expired = This menu has expired. Send /order to start again.
unhandled = I did not understand that. Send /order to order, or /help for everything else.
forwarded-command = Forwarded commands are not run. If you mean it, type the command yourself.
forwarded-message = I do not act on forwarded messages. Please type it yourself.

provider-auth = The provider refused our access right now. Administrators have been told. Please try again later.
provider-rate-limited = The provider is limiting how often we may ask, so I am holding requests back and retrying once it allows. Please try again in a minute.
provider-unavailable = The provider is not answering right now. Please try again in a few minutes.
provider-not-found = The provider answered that it does not know what was asked for ("not found"). It is answering, so trying again will not change this; if it should exist, tell an administrator.
provider-internal = Something went wrong on our side. Please try again; if it keeps happening, tell an administrator.
provider-bad-answer = The provider gave an answer I could not read. Please try again later; administrators can see the details in the log.

btn-back = « Back
btn-prev = ‹ Previous
btn-next = Next ›
btn-cancel = Cancel
btn-confirm = Confirm order
btn-edit = Edit
btn-skip = Skip
btn-retry = Try again

order-use-buttons = Please use the buttons above, or Cancel.
order-choose-category = Choose a category, or type part of a product name to search.
order-catalog-empty = The catalog is empty. An administrator can load it with /sync.
order-choose-product = { $category }: choose a product.
order-uncategorised = Other products
order-search-results = Products matching "{ $query }":
order-search-none = No product matches "{ $query }". Type another name, or choose a category.
order-out-of-stock = out of stock
order-product-gone = This product is no longer offered by the provider. Choose another one.
order-product-sold-out = This product is sold out right now. Choose another one.
order-choose-region = { $product }: choose a region.
order-ask-quantity = How many? You can order up to { $max }. Tap a number or type it.
order-quantity-not-a-number = Please send a whole number, like 2.
order-quantity-too-small = The quantity must be at least 1.
order-quantity-too-large = You can order at most { $max } of this product.
order-ask-field = Please send: { $title } ({ $type })
field-type-email = an e-mail address
field-type-phone = a phone number
field-type-number = a number
field-type-text = text
order-field-hint = Hint: { $hint }
order-field-optional = This one is optional: tap Skip to leave it out.
order-field-step = Question { $index } of { $count }
field-empty = The answer cannot be empty.
field-email = That is not an e-mail address: it needs a name, an @ and a domain, like name@example.com.
field-phone-characters = A phone number has digits only, with an optional + at the start; spaces and dashes are fine.
field-phone-length = A phone number has { $min } to { $max } digits; that has { $digits }.
field-number = That is not a number: digits only, with an optional minus sign and decimal point.
field-too-short =
    That is too short: at least { $min ->
        [one] one character
       *[other] { $min } characters
    }.
field-too-long =
    That is too long: at most { $max ->
        [one] one character
       *[other] { $max } characters
    }.
field-pattern = The format entered is not right for this question.
field-try-again = Please send it again.

summary-title = Please check your order:
summary-product = Product: { $value }
summary-region = Region: { $value }
summary-quantity = Quantity: { $value }
summary-unit-price = Unit price: { $value }
summary-total = Total: { $value }
summary-line-heading = Product { $index } of { $count }
summary-line-total = Line total: { $value }
summary-balance-now = Wallet now: { $value }
summary-balance-after = Wallet after: { $value }
summary-balance-unknown = The wallet balance could not be read right now; the provider will refuse the order if it is short.
summary-balance-short = The wallet is short by { $value }. This order cannot be placed until the wallet is topped up.
summary-stock-changed = The stock has changed: at most { $max } can be ordered now. Please change the quantity.
edit-choose = What would you like to change?
edit-product = Product
edit-region = Region
edit-quantity = Quantity

order-placing = Placing your order…
order-placed = Order { $reference } is placed ({ $state }). I will send the codes here as soon as the provider delivers them.
order-rejected = The provider refused the order. The provider said: “{ $reason }”
order-rejected-funds = The wallet does not hold enough for this order, so the provider refused it. Nothing was charged. An administrator can top up the wallet.
order-rejected-stock = The provider no longer has enough stock for this order. Nothing was charged. Try a smaller quantity or another product.
order-rejected-gone = The provider no longer offers this product. Nothing was charged.
order-rejected-wallet-busy = Another order was being sent to the provider and took too long, so this one was not sent. Nothing was charged. Please confirm again in a minute.
order-rejected-no-access = Not sent: an administrator changed your access, and you can no longer order. Nothing was charged.
order-rejected-busy = The provider is limiting requests right now and refused the order. Nothing was charged. Please try again in a minute.
order-rejected-unreachable = The provider could not be reached, so the order was not sent and nothing was charged. Please try again in a few minutes.
order-rejected-access = The provider refused our access, so the order was not placed and nothing was charged. Administrators have been told.
order-rejected-no-reason = The provider refused the order without giving a reason.
order-unknown = The provider did not confirm your order. It may or may not have been placed, and the wallet may have been charged. Do not order again: I am checking with the provider and will tell you here.
order-already-confirmed = This order was already confirmed ({ $reference }: { $state }); it was not placed a second time. /orders shows where it stands.
order-already-confirmed-not-placed = This confirmation was already handled and that order was not placed. Send /order to start again.
order-already-requested =
    { $state ->
        [approved] This order was already sent for approval (request { $id }), and it was approved. /orders shows where it stands.
        [rejected] This order was already sent for approval (request { $id }), and it was rejected. Send /order to start again.
        [expired] This order was already sent for approval (request { $id }), and nobody decided in time. Send /order to start again.
        [withdrawn] This order was already sent for approval (request { $id }), and you withdrew it. Send /order to start again.
       *[other] This order was already sent for approval (request { $id }); it was not sent a second time. I will tell you here what administrators decide.
    }
order-same-pending = An identical order is still being checked with the provider. Wait for its outcome before ordering the same again.
order-failed-internal = Something went wrong on our side while placing your order. Please look at /orders before trying again.
order-not-stored = giftdesk is briefly unavailable: it cannot write to its database right now. Nothing was ordered and no money was spent. Please try again in a few minutes.
order-expired =
    Your order was cancelled after { $minutes ->
        [one] one minute
       *[other] { $minutes } minutes
    } without activity. Nothing was ordered. Send /order to start again.

staff-usage =
    Usage:
    /staff: list everyone
    /staff add <telegram id> [admin|staff|viewer]
    /staff role <telegram id> admin|staff|viewer
    /staff remove <telegram id>
staff-list-title = Staff ({ $count }):
staff-role-admin = administrator
staff-role-staff = staff
staff-from-env = (from ADMIN_IDS)
staff-added = { $id } can now use giftdesk as { $role }.
staff-updated = { $id } is now { $role }.
staff-unchanged = { $id } already is { $role }.
staff-removed = { $id } no longer has access.
staff-not-found = { $id } is not on the staff list.
staff-env-admin = { $id } is an administrator from the ADMIN_IDS setting; change that setting to change them.
staff-last-admin = { $id } is the last administrator and cannot be removed.
staff-bad-id = "{ $value }" is not a numeric Telegram user ID.

sync-started = Refreshing the catalog from the provider…
sync-done = Catalog refreshed: { $products } products in { $categories } categories ({ $removed } removed).
sync-reason-auth = the provider refused our API key or this server's IP.
sync-reason-busy = the provider asked us to slow down; the next refresh tries again.
sync-reason-refused = the provider refused the request.
sync-reason-unavailable = the provider did not answer (down, or unreachable from this server).
sync-reason-not-found = the provider answered "not found" for the catalog (it answers, but not with this catalog: check PROVIDER_BASE_URL).
sync-reason-bad-answer = the provider's answer could not be read.
sync-reason-internal = something went wrong on our side; the log has the details.
sync-reason-empty = the provider listed no products at all, so the catalog was left as it was.
sync-failed = The catalog refresh failed; the previous catalog is kept. Reason: { $reason }
sync-failed-alert = Warning: the scheduled catalog refresh failed; the previous catalog is kept. Reason: { $reason }
sync-failed-empty = The catalog refresh failed, and no catalog has been loaded yet: /order has nothing to offer until a refresh succeeds. Reason: { $reason }
sync-failed-empty-alert = Warning: the catalog refresh failed, and no catalog has been loaded yet: staff cannot order until a refresh succeeds. I try again on schedule; /sync tries now. Reason: { $reason }

command-order = Order gift cards
command-balance = Wallet balance
command-cancel = Cancel the current step
command-language = Change the language
command-help = What I can do
command-start = Start
order-quantity-batch = For more, place them as a batch (several orders, one Confirm) with the button below.
order-quantity-batch-file = For more, place them as a batch from a file, one row per order with its own answers: the button below sends the file to fill in.
btn-order-batch = 📦 { $quantity } as a batch
btn-batch-file = 📄 File to fill in

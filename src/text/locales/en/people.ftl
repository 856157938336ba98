### Roles, names and what people are told about their access.

staff-role-viewer = viewer
person-with-id = { $name }, ID { $id }
readers-only = Only administrators and viewers can do that.
viewer-refused = As a viewer you can look, but not order or see codes.

help-viewer =
    You are a viewer: you can look at everything and change nothing.
    /orders: everyone's recent orders (/orders @user or <telegram id> for one person, /orders <product name> for a product)
    /track <order>: where an order stands (without codes)
    /balance: the wallet balance, and how long it lasts at the recent pace
    /runway: how long the wallet lasts
    /transactions: the wallet's transactions
    /statement [month]: the wallet's statement for a month, and whether it balances
    /audit: who did what (/audit @user, /audit <telegram id>, /audit #<order>)
    /language: English or Persian
    /help: this list
help-admin-people =
    /audit: who did what (/audit @user, /audit <telegram id>, /audit #<order>)

staff-told = They have been told.
staff-not-told = They have not written to the bot yet, so they could not be told: ask them to send /start.
staff-you-were-added = { $by } gave you access to giftdesk as { $role }.
staff-your-role-changed = { $by } changed your role: you are now { $role }.
staff-you-can-admin = You can order, see everyone's orders and the audit, and manage staff. Send /help for the commands.
staff-you-can-staff = You can order gift cards and follow your own orders. Send /help for the commands.
staff-you-can-viewer = You can see the balance, everyone's orders, the transactions and the audit, but not order or see codes. Send /help for the commands.

codes-seen-by-other = { $who } opened the codes of your order { $order } (#{ $id }) on { $when }.

command-transactions = Wallet transactions
command-statement = Wallet statement for a month
command-walletwatch = When someone else spends the wallet
command-review = Orders waiting for a decision
command-audit = Who did what
command-staff = Manage staff and roles
command-pause = Stop all ordering
command-resume = Open ordering again
command-sync = Refresh the catalog

alert-viewer-codes = Not delivered: the codes of { $order } were not sent, because the person who ordered is a viewer now and viewers see no codes. An administrator can reveal them with /track { $reference }.
unhandled-viewer = I did not understand that. Send /help to see what you can look at.
command-approvals = Orders waiting for approval
command-limits = Spending limits
command-lowbalance = Low-balance alert
command-retention = How long codes and answers are kept
command-velocity = How fast one person may order and read
command-stepup = One-time codes from an authenticator app
command-settings = Settings you can change in the chat
command-export = Spreadsheets for accounting
command-feed = A line for every order placed
command-digest = The daily digest
command-expiry = Reminders before codes expire

# Column heads and row names of the reports' tables, where Telegram shows reports as rich messages.

budgets-col-centre = Cost centre
budgets-col-budget = Budget
budgets-col-spent = Spent
budgets-col-committed = Committed
budgets-col-left = Left
budgets-col-no-budget = no budget

limits-col-rule = Rule
limits-col-value = Team default
limits-col-person = Person
limits-col-follows-default = default

statement-col-item = Item
statement-col-amount = Amount
statement-row-opening = Opening balance
statement-row-credits = + Credits
statement-row-top-ups = top-ups
statement-row-refunds = refunds
statement-row-debits = − Debits
statement-row-giftdesk = giftdesk orders
statement-row-elsewhere = placed elsewhere
statement-row-closing = = Closing balance

digest-col-person = Person
digest-col-orders = Orders
digest-col-spend = Spend
digest-col-cost-centre = Cost centre
digest-col-order = Order
digest-col-product = Product
digest-col-amount = Amount
digest-col-state = State
digest-row-folded = { $centres } more cost centres

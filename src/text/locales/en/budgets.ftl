### Monthly budgets per cost centre (Fluent): /budgets, the summary's and the approval card's lines, the 80 % alert.

command-budgets = Each cost centre's budget this month
budgets-title =
    { $count ->
        [one] This month's budgets ({ $days } day left in the month):
       *[other] This month's budgets ({ $days } days left in the month):
    }
budgets-no-centres = No active cost centres yet: add them with /costcentres add.
budgets-line = { $centre }: budget { $budget }, spent { $spent }, committed { $committed }, left { $left }
budgets-line-none = { $centre }: no budget; spent { $spent }, committed { $committed }
budgets-none = no budget
budgets-usage =
    /budgets set 3 5000000: cost centre 3's monthly budget (a higher one, or off, waits for a second administrator)
    /budgets set 3 off: no budget for cost centre 3
    /budgets over approve|refuse: whether an order over its cost centre's budget waits for an administrator or is refused
budgets-set = The monthly budget of { $centre } is now { $value }.
budgets-over-approve = waits for an administrator's approval
budgets-over-refuse = is refused
budgets-over-now = An order over its cost centre's budget { $mode }.
settings-budgets-over = Orders over a cost centre's budget
settings-budgets-over-how = Change with /budgets over approve|refuse
dual-change-budget = set the monthly budget of “{ $centre }” from { $before } to { $value }
audit-cost-centre-budget = set the monthly budget of the cost centre "{ $name }" from { $before } to { $value }
budgets-over-card = Over the budget of { $centre }: spent { $spent }, committed { $committed }, this order { $total }, budget { $budget }.
budgets-alert = The cost centre “{ $centre }” has used { $share } % of this month's budget: spent { $spent }, committed { $committed }, budget { $budget }.
summary-over-limit-budget = Over this cost centre's monthly budget of { $cap }: { $left } left this month.
summary-limit-used-budget =
    { $rest ->
        [none] This cost centre's monthly budget of { $cap } is used up for this month.
       *[some] This cost centre's monthly budget of { $cap } is used up for this month: the { $left } left does not cover even one.
    }
limits-kind-budget = Cost centre's monthly budget
batch-limit-budget = the cost centre's monthly budget
audit-setting-budgets-over = changed what an order over its cost centre's budget meets: it now { $value } (before: { $before })
summary-over-budget = Over the monthly budget of the cost centre “{ $centre }”: this order ({ $total }) does not fit the { $left } left of its budget of { $budget }.
summary-over-budget-figures = This month so far: { $used } (spent { $spent }, committed { $committed }).
summary-budget-resets = The budget starts afresh on { $when }.
summary-over-budget-hint = Order less, choose another cost centre in Edit, or ask an administrator to raise the budget.
order-budget-reached-meanwhile = The cost centre's budget was checked again at Confirm, and this order no longer fits it: another order was counted meanwhile. Nothing was sent or charged.
batch-over-budget = This batch goes over the monthly budget of the cost centre “{ $centre }”: its orders for it come to { $total }, and { $left } of its budget of { $budget } is left ({ $used } already spent or committed this month). Nothing was ordered.
batch-summary-over-budget-approve = ⚠️ Its orders for the cost centre “{ $centre }” come to { $total }: more than the { $left } left of its monthly budget of { $budget } ({ $used } already spent or committed this month).
batch-summary-over-budget-refuse = ⛔ This batch goes over the monthly budget of the cost centre “{ $centre }”: its orders for it come to { $total }, and { $left } of its budget of { $budget } is left ({ $used } already spent or committed this month). Orders over a cost centre's budget are refused, so it cannot be confirmed: order less, name another cost centre, or ask an administrator to raise the budget.
batch-approval-over-budget = Over the budget of { $centre }: spent { $spent }, committed { $committed }, this batch's orders for it { $total }, budget { $budget }.

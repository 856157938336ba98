### بودجهٔ ماهانهٔ هر مرکز هزینه (Fluent): ‏/budgets، سطرهای خلاصه و کارت تأیید، و هشدار ۸۰ درصد.

command-budgets = بودجهٔ این ماهِ هر مرکز هزینه
budgets-title =
    { $count ->
       *[other] بودجه‌های این ماه ({ $days } روز تا پایان ماه مانده است):
    }
budgets-no-centres = هنوز مرکز هزینهٔ فعالی نیست: با /costcentres add بیفزایید.
budgets-line = { $centre }: بودجه { $budget }، خرج‌شده { $spent }، در راه { $committed }، مانده { $left }
budgets-line-none = { $centre }: بی‌بودجه؛ خرج‌شده { $spent }، در راه { $committed }
budgets-none = بی‌بودجه
budgets-usage =
    /budgets set 3 5000000: بودجهٔ ماهانهٔ مرکز هزینهٔ ۳ (بودجهٔ بیشتر، یا off، منتظر مدیر دوم می‌ماند)
    /budgets set 3 off: مرکز هزینهٔ ۳ بی‌بودجه شود
    /budgets over approve|refuse: سفارشی که از بودجهٔ مرکز هزینه‌اش بگذرد منتظر تأیید مدیر بماند یا رد شود
budgets-set = بودجهٔ ماهانهٔ { $centre } اکنون { $value } است.
budgets-over-approve = منتظر تأیید یک مدیر می‌ماند
budgets-over-refuse = رد می‌شود
budgets-over-now = سفارشی که از بودجهٔ مرکز هزینه‌اش بگذرد { $mode }.
settings-budgets-over = سفارش‌های بیش از بودجهٔ مرکز هزینه
settings-budgets-over-how = تغییر با /budgets over approve|refuse
dual-change-budget = بودجهٔ ماهانهٔ «{ $centre }» از { $before } به { $value } تغییر کند
audit-cost-centre-budget = بودجهٔ ماهانهٔ مرکز هزینهٔ «{ $name }» را از { $before } به { $value } تغییر داد
budgets-over-card = بیش از بودجهٔ { $centre }: خرج‌شده { $spent }، در راه { $committed }، این سفارش { $total }، بودجه { $budget }.
budgets-alert = مرکز هزینهٔ «{ $centre }» { $share } درصد بودجهٔ این ماه را به کار برده است: خرج‌شده { $spent }، در راه { $committed }، بودجه { $budget }.
summary-over-limit-budget = این سفارش از بودجهٔ ماهانهٔ این مرکز هزینه ({ $cap }) بیشتر است: این ماه { $left } باقی مانده است.
summary-limit-used-budget =
    { $rest ->
        [none] بودجهٔ ماهانهٔ این مرکز هزینه ({ $cap }) برای این ماه تمام شده است.
       *[some] بودجهٔ ماهانهٔ این مرکز هزینه ({ $cap }) برای این ماه تمام شده است: { $left } باقی‌مانده حتی برای یکی هم بس نیست.
    }
limits-kind-budget = بودجهٔ ماهانهٔ مرکز هزینه
batch-limit-budget = بودجهٔ ماهانهٔ مرکز هزینه
audit-setting-budgets-over = تغییر داد که با سفارشِ بیش از بودجهٔ مرکز هزینه چه شود: اکنون { $value } (پیش‌تر: { $before })
summary-over-budget = بیش از بودجهٔ ماهانهٔ مرکز هزینهٔ «{ $centre }»: این سفارش ({ $total }) در { $left } باقی‌ماندهٔ بودجهٔ { $budget } نمی‌گنجد.
summary-over-budget-figures = تا اینجای این ماه: { $used } (خرج‌شده { $spent }، در راه { $committed }).
summary-budget-resets = این بودجه از { $when } از نو شروع می‌شود.
summary-over-budget-hint = کمتر سفارش دهید، در «ویرایش» مرکز هزینهٔ دیگری انتخاب کنید، یا از یکی از مدیران بخواهید بودجه را بالا ببرد.
order-budget-reached-meanwhile = با زدن «تأیید سفارش»، بودجهٔ مرکز هزینه دوباره بررسی شد و این سفارش دیگر در آن نمی‌گنجد: سفارش دیگری در این میان شمرده شد. چیزی فرستاده یا کسر نشد.
batch-over-budget = این سفارش گروهی از بودجهٔ ماهانهٔ مرکز هزینهٔ «{ $centre }» بیشتر است: سفارش‌هایش برای آن { $total } می‌شود و از بودجهٔ { $budget } فقط { $left } مانده است ({ $used } این ماه خرج شده یا در راه است). چیزی سفارش داده نشد.
batch-summary-over-budget-approve = ⚠️ سفارش‌های آن برای مرکز هزینهٔ «{ $centre }» { $total } می‌شود: بیش از { $left } که از بودجهٔ ماهانهٔ { $budget } آن مانده است ({ $used } این ماه خرج شده یا در راه است).
batch-summary-over-budget-refuse = ⛔ این سفارش گروهی از بودجهٔ ماهانهٔ مرکز هزینهٔ «{ $centre }» بیشتر است: سفارش‌هایش برای آن { $total } می‌شود و از بودجهٔ { $budget } فقط { $left } مانده است ({ $used } این ماه خرج شده یا در راه است). سفارشی که از بودجهٔ مرکز هزینه‌اش بیشتر باشد رد می‌شود، پس نمی‌توان آن را تأیید کرد: کمتر سفارش دهید، مرکز هزینهٔ دیگری نام ببرید یا از یک مدیر بخواهید بودجه را بالا ببرد.
batch-approval-over-budget = بیش از بودجهٔ { $centre }: خرج‌شده { $spent }، در راه { $committed }، سفارش‌های این سفارش گروهی برای آن { $total }، بودجه { $budget }.

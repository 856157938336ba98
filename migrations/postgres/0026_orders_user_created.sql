-- A person's spending in the day and the month (the limits, the approval threshold, the Confirm)
-- read every order the person ever made through orders_user_idx and checked each one's time:
-- 3 ms a count at 20,000 past orders, twice per summary and Confirm. This index reaches the
-- period's orders directly, so the count no longer grows with the past.
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");

ALTER TABLE "cost_centres" ADD COLUMN "monthly_budget" bigint;--> statement-breakpoint
CREATE INDEX "orders_cost_centre_created_idx" ON "orders" USING btree ("cost_centre_id","created_at");
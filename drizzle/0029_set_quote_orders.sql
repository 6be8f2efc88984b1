ALTER TABLE "set_quotes" ADD COLUMN "order_no" text;--> statement-breakpoint
ALTER TABLE "set_quotes" ADD COLUMN "order_status" text;--> statement-breakpoint
CREATE UNIQUE INDEX "set_quotes_order_no_index" ON "set_quotes" USING btree ("order_no");
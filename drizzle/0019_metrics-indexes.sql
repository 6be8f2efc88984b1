CREATE INDEX "pay_orders_card_info_created_idx" ON "pay_orders" USING btree ("card_info_id","created_at");--> statement-breakpoint
CREATE INDEX "pay_orders_product_created_idx" ON "pay_orders" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "pay_orders_status_idx" ON "pay_orders" USING btree ("status");
ALTER TABLE "pay_orders" DROP CONSTRAINT "pay_orders_item";--> statement-breakpoint
DROP INDEX "offers_one_open_per_buyer_item";--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "funding_order_no" text;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_open_per_buyer_item" ON "offers" USING btree ("buyer_id","item_id") WHERE "offers"."status" IN ('open', 'pending_payment');--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_item" CHECK (("pay_orders"."type" = 'card' AND "pay_orders"."card_info_id" IS NOT NULL) OR ("pay_orders"."type" = 'product' AND "pay_orders"."product_id" IS NOT NULL) OR ("pay_orders"."type" IN ('market', 'bid', 'set', 'pack', 'offer') AND "pay_orders"."listing_id" IS NOT NULL));
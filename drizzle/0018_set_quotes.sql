CREATE TABLE "set_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"theme_id" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pay_orders" DROP CONSTRAINT "pay_orders_item";--> statement-breakpoint
DROP INDEX "market_orders_order_no";--> statement-breakpoint
ALTER TABLE "set_quotes" ADD CONSTRAINT "set_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "set_quotes_user_id_created_at_index" ON "set_quotes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "market_orders_order_no_listing" ON "market_orders" USING btree ("order_no","listing_id") WHERE "market_orders"."sell_type" = 0;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_item" CHECK (("pay_orders"."type" = 'card' AND "pay_orders"."card_info_id" IS NOT NULL) OR ("pay_orders"."type" = 'product' AND "pay_orders"."product_id" IS NOT NULL) OR ("pay_orders"."type" IN ('market', 'bid', 'set') AND "pay_orders"."listing_id" IS NOT NULL));
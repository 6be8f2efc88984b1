CREATE TABLE "perk_uses" (
	"id" text PRIMARY KEY NOT NULL,
	"use_key" text NOT NULL,
	"order_no" text NOT NULL,
	"buyer_id" text NOT NULL,
	"card_id" text NOT NULL,
	"card_info_id" text NOT NULL,
	"saving_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pay_orders" DROP CONSTRAINT "pay_orders_amounts";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_non_negative";--> statement-breakpoint
ALTER TABLE "pay_orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD COLUMN "perk" jsonb;--> statement-breakpoint
ALTER TABLE "perk_uses" ADD CONSTRAINT "perk_uses_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "perk_uses_use_key_index" ON "perk_uses" USING btree ("use_key");--> statement-breakpoint
CREATE INDEX "perk_uses_order_no_index" ON "perk_uses" USING btree ("order_no");--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_amounts" CHECK ("pay_orders"."quantity" > 0 AND "pay_orders"."unit_price_cents" >= 0 AND "pay_orders"."discount_cents" >= 0 AND "pay_orders"."amount_cents" = "pay_orders"."unit_price_cents" * "pay_orders"."quantity" - "pay_orders"."discount_cents");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_non_negative" CHECK ("ledger_accounts"."type" IN ('provider_clearing', 'promotions') OR "ledger_accounts"."balance" >= 0);
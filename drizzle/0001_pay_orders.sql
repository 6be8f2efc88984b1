CREATE TABLE "pay_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"type" text NOT NULL,
	"buyer_id" text NOT NULL,
	"card_info_id" text,
	"product_id" text,
	"listing_id" text,
	"item_name" text NOT NULL,
	"item_image" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'HKD' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"provider_payment_ref" text,
	"pay_url" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"note" text,
	"fulfilment" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pay_orders_orderNo_unique" UNIQUE("order_no"),
	CONSTRAINT "pay_orders_item" CHECK (("pay_orders"."type" = 'card' AND "pay_orders"."card_info_id" IS NOT NULL) OR ("pay_orders"."type" = 'product' AND "pay_orders"."product_id" IS NOT NULL) OR ("pay_orders"."type" IN ('market', 'bid') AND "pay_orders"."listing_id" IS NOT NULL)),
	CONSTRAINT "pay_orders_amounts" CHECK ("pay_orders"."quantity" > 0 AND "pay_orders"."unit_price_cents" >= 0 AND "pay_orders"."amount_cents" = "pay_orders"."unit_price_cents" * "pay_orders"."quantity")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"order_no" text,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"checkout_id" text NOT NULL,
	"order_no" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_charges_checkoutId_unique" UNIQUE("checkout_id")
);
--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_card_info_id_card_infos_id_fk" FOREIGN KEY ("card_info_id") REFERENCES "public"."card_infos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_orders_buyer_id_idempotency_key_index" ON "pay_orders" USING btree ("buyer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "pay_orders_buyer_id_type_created_at_index" ON "pay_orders" USING btree ("buyer_id","type","created_at");--> statement-breakpoint
CREATE INDEX "pay_orders_buyer_id_card_info_id_index" ON "pay_orders" USING btree ("buyer_id","card_info_id");--> statement-breakpoint
CREATE INDEX "pay_orders_buyer_id_product_id_index" ON "pay_orders" USING btree ("buyer_id","product_id");--> statement-breakpoint
CREATE INDEX "pay_orders_pending_expiry_idx" ON "pay_orders" USING btree ("expires_at") WHERE "pay_orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_id_index" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_order_no_index" ON "payment_events" USING btree ("order_no");
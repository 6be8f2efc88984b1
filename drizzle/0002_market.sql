CREATE TABLE "identities" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"id_type" text NOT NULL,
	"name_cipher" text NOT NULL,
	"number_cipher" text NOT NULL,
	"key_id" text NOT NULL,
	"number_hash" text NOT NULL,
	"name_masked" text NOT NULL,
	"number_masked" text NOT NULL,
	"status" text DEFAULT 'verified' NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"account_name" text NOT NULL,
	"account_no_cipher" text NOT NULL,
	"key_id" text NOT NULL,
	"account_no_masked" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"type" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_accounts_non_negative" CHECK ("ledger_accounts"."type" = 'provider_clearing' OR "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"posting_id" text NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"ref_id" text,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ref_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"method" text NOT NULL,
	"account_name" text NOT NULL,
	"account_no_cipher" text NOT NULL,
	"key_id" text NOT NULL,
	"account_no_masked" text NOT NULL,
	"reference" text,
	"reason" text,
	"decided_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "withdrawals_amount" CHECK ("withdrawals"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" text PRIMARY KEY NOT NULL,
	"sell_type" integer NOT NULL,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"card_info_id" text,
	"product_id" text,
	"product_type" integer,
	"item_id" text,
	"item_name" text NOT NULL,
	"item_image" text NOT NULL,
	"rarity" text,
	"theme_id" text,
	"serial" integer,
	"edition_size" integer,
	"price" integer NOT NULL,
	"status" text NOT NULL,
	"reserved_order_no" text,
	"funding_order_no" text,
	"counterparty_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "listings_item" CHECK (("listings"."kind" = 'card' AND "listings"."card_info_id" IS NOT NULL) OR ("listings"."kind" = 'goods' AND "listings"."product_id" IS NOT NULL)),
	CONSTRAINT "listings_sell_item" CHECK ("listings"."sell_type" = 1 OR "listings"."item_id" IS NOT NULL),
	CONSTRAINT "listings_price" CHECK ("listings"."price" BETWEEN 100 AND 100000000)
);
--> statement-breakpoint
CREATE TABLE "market_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"order_no" text,
	"listing_id" text NOT NULL,
	"sell_type" integer NOT NULL,
	"kind" text NOT NULL,
	"card_info_id" text,
	"product_id" text,
	"item_id" text,
	"item_name" text NOT NULL,
	"item_image" text NOT NULL,
	"rarity" text,
	"theme_id" text,
	"serial" integer,
	"edition_size" integer,
	"buyer_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"price" integer NOT NULL,
	"fee" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "identities" ADD CONSTRAINT "identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_posting_id_ledger_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_counterparty_id_users_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_orders" ADD CONSTRAINT "market_orders_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_orders" ADD CONSTRAINT "market_orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_orders" ADD CONSTRAINT "market_orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identities_user_id_index" ON "identities" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identities_number_hash_index" ON "identities" USING btree ("number_hash");--> statement-breakpoint
CREATE INDEX "payout_accounts_method_index" ON "payout_accounts" USING btree ("method");--> statement-breakpoint
CREATE INDEX "ledger_accounts_user_id_index" ON "ledger_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_id_created_at_index" ON "ledger_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_posting_id_index" ON "ledger_entries" USING btree ("posting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_postings_kind_ref_id_index" ON "ledger_postings" USING btree ("kind","ref_id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_id_created_at_index" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_created_at_index" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_one_open_per_item" ON "listings" USING btree ("item_id") WHERE "listings"."sell_type" = 0 AND "listings"."status" IN ('active', 'reserved');--> statement-breakpoint
CREATE INDEX "listings_active_price_idx" ON "listings" USING btree ("sell_type","price") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_active_kind_price_idx" ON "listings" USING btree ("sell_type","kind","price") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_active_created_idx" ON "listings" USING btree ("sell_type","created_at") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_active_card_info_idx" ON "listings" USING btree ("sell_type","card_info_id","price") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_active_product_idx" ON "listings" USING btree ("sell_type","product_id","price") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_card_info_id_sell_type_status_price_index" ON "listings" USING btree ("card_info_id","sell_type","status","price");--> statement-breakpoint
CREATE INDEX "listings_product_id_sell_type_status_price_index" ON "listings" USING btree ("product_id","sell_type","status","price");--> statement-breakpoint
CREATE INDEX "listings_user_id_sell_type_status_created_at_index" ON "listings" USING btree ("user_id","sell_type","status","created_at");--> statement-breakpoint
CREATE INDEX "listings_expiry_idx" ON "listings" USING btree ("expires_at") WHERE "listings"."status" IN ('active', 'pending_payment');--> statement-breakpoint
CREATE UNIQUE INDEX "listings_funding_order_no_index" ON "listings" USING btree ("funding_order_no");--> statement-breakpoint
CREATE INDEX "market_orders_buyer_id_created_at_index" ON "market_orders" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "market_orders_seller_id_created_at_index" ON "market_orders" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "market_orders_sales_card_idx" ON "market_orders" USING btree ("card_info_id","completed_at") WHERE "market_orders"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "market_orders_sales_product_idx" ON "market_orders" USING btree ("product_id","completed_at") WHERE "market_orders"."status" = 'completed';--> statement-breakpoint
CREATE UNIQUE INDEX "market_orders_order_no" ON "market_orders" USING btree ("order_no") WHERE "market_orders"."sell_type" = 0;
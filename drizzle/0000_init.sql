CREATE TABLE "login_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"phone" text NOT NULL,
	"sms_code_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"ip" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"nickname" text NOT NULL,
	"avatar" text,
	"bio" text DEFAULT '' NOT NULL,
	"roles" text[] DEFAULT '{"user"}' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"cover" text NOT NULL,
	"category" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "privacy_policies" (
	"id" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "privacy_policies_version_unique" UNIQUE("version")
);
--> statement-breakpoint
CREATE TABLE "card_infos" (
	"id" text PRIMARY KEY NOT NULL,
	"theme_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"rarity" text NOT NULL,
	"edition_size" integer NOT NULL,
	"minted" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"price_cents" integer,
	"sale_starts_at" timestamp with time zone,
	"sale_ends_at" timestamp with time zone,
	"per_user_limit" integer DEFAULT 1 NOT NULL,
	"rights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_b_card" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_infos_supply" CHECK ("card_infos"."minted" >= 0 AND "card_infos"."reserved" >= 0 AND "card_infos"."minted" + "card_infos"."reserved" <= "card_infos"."edition_size")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"stock" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"per_user_limit" integer DEFAULT 1 NOT NULL,
	"sale_starts_at" timestamp with time zone,
	"sale_ends_at" timestamp with time zone,
	"rights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_supply" CHECK ("products"."sold" >= 0 AND "products"."reserved" >= 0 AND "products"."sold" + "products"."reserved" <= "products"."stock")
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover" text NOT NULL,
	"b_card_info_id" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_events" (
	"id" text PRIMARY KEY NOT NULL,
	"card_id" text NOT NULL,
	"kind" text NOT NULL,
	"via" text NOT NULL,
	"from_user_id" text,
	"to_user_id" text,
	"price_cents" integer,
	"ref_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" text PRIMARY KEY NOT NULL,
	"card_info_id" text NOT NULL,
	"serial" integer NOT NULL,
	"owner_id" text NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"acquired_via" text NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"acquired_via" text NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_events" (
	"id" text PRIMARY KEY NOT NULL,
	"goods_id" text NOT NULL,
	"kind" text NOT NULL,
	"via" text NOT NULL,
	"from_user_id" text,
	"to_user_id" text,
	"price_cents" integer,
	"ref_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "code_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"card_info_id" text,
	"theme_id" text,
	"count" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"voided_at" timestamp with time zone,
	CONSTRAINT "code_batches_one_target" CHECK (("code_batches"."card_info_id" IS NULL) <> ("code_batches"."theme_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "exchange_code_failures" (
	"id" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"batch_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"card_info_id" text,
	"theme_id" text,
	"status" text DEFAULT 'unused' NOT NULL,
	"used_by" text,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exchange_codes_one_target" CHECK (("exchange_codes"."card_info_id" IS NULL) <> ("exchange_codes"."theme_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "theme_exchanges" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"theme_id" text NOT NULL,
	"b_card_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_tokens" ADD CONSTRAINT "login_tokens_sms_code_id_sms_codes_id_fk" FOREIGN KEY ("sms_code_id") REFERENCES "public"."sms_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_infos" ADD CONSTRAINT "card_infos_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_card_info_id_card_infos_id_fk" FOREIGN KEY ("card_info_id") REFERENCES "public"."card_infos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_events" ADD CONSTRAINT "goods_events_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_events" ADD CONSTRAINT "goods_events_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_events" ADD CONSTRAINT "goods_events_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_card_info_id_card_infos_id_fk" FOREIGN KEY ("card_info_id") REFERENCES "public"."card_infos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_batches" ADD CONSTRAINT "code_batches_card_info_id_card_infos_id_fk" FOREIGN KEY ("card_info_id") REFERENCES "public"."card_infos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_batches" ADD CONSTRAINT "code_batches_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_codes" ADD CONSTRAINT "exchange_codes_batch_id_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."code_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_codes" ADD CONSTRAINT "exchange_codes_card_info_id_card_infos_id_fk" FOREIGN KEY ("card_info_id") REFERENCES "public"."card_infos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_codes" ADD CONSTRAINT "exchange_codes_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_codes" ADD CONSTRAINT "exchange_codes_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_exchanges" ADD CONSTRAINT "theme_exchanges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_exchanges" ADD CONSTRAINT "theme_exchanges_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_exchanges" ADD CONSTRAINT "theme_exchanges_b_card_id_cards_id_fk" FOREIGN KEY ("b_card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "login_tokens_token_hash_index" ON "login_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_index" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_index" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_created_at_index" ON "sms_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_ip_created_at_index" ON "sms_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "card_infos_theme_id_index" ON "card_infos" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "card_events_card_id_created_at_index" ON "card_events" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_card_info_id_serial_index" ON "cards" USING btree ("card_info_id","serial");--> statement-breakpoint
CREATE INDEX "cards_owner_id_status_index" ON "cards" USING btree ("owner_id","status");--> statement-breakpoint
CREATE INDEX "goods_owner_id_status_index" ON "goods" USING btree ("owner_id","status");--> statement-breakpoint
CREATE INDEX "goods_events_goods_id_created_at_index" ON "goods_events" USING btree ("goods_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_orders_buyer_id_idempotency_key_index" ON "pay_orders" USING btree ("buyer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "pay_orders_buyer_id_type_created_at_index" ON "pay_orders" USING btree ("buyer_id","type","created_at");--> statement-breakpoint
CREATE INDEX "pay_orders_buyer_id_card_info_id_index" ON "pay_orders" USING btree ("buyer_id","card_info_id");--> statement-breakpoint
CREATE INDEX "pay_orders_buyer_id_product_id_index" ON "pay_orders" USING btree ("buyer_id","product_id");--> statement-breakpoint
CREATE INDEX "pay_orders_pending_expiry_idx" ON "pay_orders" USING btree ("expires_at") WHERE "pay_orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_id_index" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_order_no_index" ON "payment_events" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "exchange_code_failures_subject_created_at_index" ON "exchange_code_failures" USING btree ("subject","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_codes_code_hash_index" ON "exchange_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "exchange_codes_batch_id_status_index" ON "exchange_codes" USING btree ("batch_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "theme_exchanges_user_id_theme_id_index" ON "theme_exchanges" USING btree ("user_id","theme_id");
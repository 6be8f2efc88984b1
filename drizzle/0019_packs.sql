CREATE TABLE "pack_draws" (
	"series_id" text NOT NULL,
	"nonce" integer NOT NULL,
	"order_no" text NOT NULL,
	"buyer_id" text NOT NULL,
	"buyer_tag" text NOT NULL,
	"guaranteed" boolean NOT NULL,
	"hit" boolean NOT NULL,
	"card_info_ids" jsonb NOT NULL,
	"cards" jsonb NOT NULL,
	"drawn_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pack_draws_series_id_nonce_pk" PRIMARY KEY("series_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "pack_orders" (
	"order_no" text PRIMARY KEY NOT NULL,
	"series_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"client_seed" text NOT NULL,
	"quantity" integer NOT NULL,
	"status" text NOT NULL,
	"opened_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pack_pool" (
	"series_id" text NOT NULL,
	"position" integer NOT NULL,
	"card_info_id" text NOT NULL,
	"count" integer NOT NULL,
	"remaining" integer NOT NULL,
	CONSTRAINT "pack_pool_series_id_position_pk" PRIMARY KEY("series_id","position"),
	CONSTRAINT "pack_pool_remaining" CHECK ("pack_pool"."remaining" >= 0 AND "pack_pool"."remaining" <= "pack_pool"."count")
);
--> statement-breakpoint
CREATE TABLE "pack_series" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover" text NOT NULL,
	"price_cents" integer NOT NULL,
	"cards_per_pack" integer NOT NULL,
	"per_user_limit" integer NOT NULL,
	"sale_starts_at" timestamp with time zone,
	"sale_ends_at" timestamp with time zone,
	"hot" boolean DEFAULT false NOT NULL,
	"guarantee" jsonb,
	"seed_key_id" text NOT NULL,
	"seed_cipher" text NOT NULL,
	"commitment" text NOT NULL,
	"revealed_seed" text,
	"revealed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"units_total" integer NOT NULL,
	"packs_total" integer NOT NULL,
	"packs_sold" integer DEFAULT 0 NOT NULL,
	"packs_reserved" integer DEFAULT 0 NOT NULL,
	"packs_drawn" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pack_series_supply" CHECK ("pack_series"."packs_sold" >= 0 AND "pack_series"."packs_reserved" >= 0 AND "pack_series"."packs_sold" + "pack_series"."packs_reserved" <= "pack_series"."packs_total")
);
--> statement-breakpoint
ALTER TABLE "pay_orders" DROP CONSTRAINT "pay_orders_item";--> statement-breakpoint
ALTER TABLE "pack_draws" ADD CONSTRAINT "pack_draws_series_id_pack_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."pack_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_draws" ADD CONSTRAINT "pack_draws_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_orders" ADD CONSTRAINT "pack_orders_series_id_pack_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."pack_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_orders" ADD CONSTRAINT "pack_orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_pool" ADD CONSTRAINT "pack_pool_series_id_pack_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."pack_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_pool" ADD CONSTRAINT "pack_pool_card_info_id_card_infos_id_fk" FOREIGN KEY ("card_info_id") REFERENCES "public"."card_infos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pack_draws_order_no_index" ON "pack_draws" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "pack_draws_series_id_buyer_id_nonce_index" ON "pack_draws" USING btree ("series_id","buyer_id","nonce");--> statement-breakpoint
CREATE INDEX "pack_orders_series_id_buyer_id_index" ON "pack_orders" USING btree ("series_id","buyer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pack_pool_series_id_card_info_id_index" ON "pack_pool" USING btree ("series_id","card_info_id");--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_item" CHECK (("pay_orders"."type" = 'card' AND "pay_orders"."card_info_id" IS NOT NULL) OR ("pay_orders"."type" = 'product' AND "pay_orders"."product_id" IS NOT NULL) OR ("pay_orders"."type" IN ('market', 'bid', 'set', 'pack') AND "pay_orders"."listing_id" IS NOT NULL));
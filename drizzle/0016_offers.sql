CREATE TABLE "offer_rounds" (
	"id" text PRIMARY KEY NOT NULL,
	"offer_id" text NOT NULL,
	"n" integer NOT NULL,
	"by" text NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_settings" (
	"item_id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"allow_offers" boolean DEFAULT true NOT NULL,
	"auto_decline_pct" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"seller_id" text NOT NULL,
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
	"listing_id" text,
	"status" text NOT NULL,
	"close_reason" text,
	"price" integer NOT NULL,
	"held" integer NOT NULL,
	"turn" text NOT NULL,
	"rounds" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "offers_rounds" CHECK ("offers"."rounds" BETWEEN 1 AND 5),
	CONSTRAINT "offers_amounts" CHECK ("offers"."price" > 0 AND "offers"."held" >= 0)
);
--> statement-breakpoint
ALTER TABLE "offer_rounds" ADD CONSTRAINT "offer_rounds_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_settings" ADD CONSTRAINT "offer_settings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_rounds_offer_id_n_index" ON "offer_rounds" USING btree ("offer_id","n");--> statement-breakpoint
CREATE INDEX "offers_buyer_id_status_created_at_index" ON "offers" USING btree ("buyer_id","status","created_at");--> statement-breakpoint
CREATE INDEX "offers_seller_id_status_created_at_index" ON "offers" USING btree ("seller_id","status","created_at");--> statement-breakpoint
CREATE INDEX "offers_item_id_status_index" ON "offers" USING btree ("item_id","status");--> statement-breakpoint
CREATE INDEX "offers_expiry_idx" ON "offers" USING btree ("expires_at") WHERE "offers"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_open_per_buyer_item" ON "offers" USING btree ("buyer_id","item_id") WHERE "offers"."status" = 'open';
CREATE TABLE "sale_items" (
	"sale_id" text NOT NULL,
	"item_id" text NOT NULL,
	"serial" integer,
	"edition_size" integer,
	"cost" integer NOT NULL,
	"cost_rule" text NOT NULL,
	"returned_at" timestamp with time zone,
	CONSTRAINT "sale_items_sale_id_item_id_pk" PRIMARY KEY("sale_id","item_id"),
	CONSTRAINT "sale_items_cost" CHECK ("sale_items"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" text PRIMARY KEY NOT NULL,
	"way" text NOT NULL,
	"kind" text NOT NULL,
	"buyer_id" text NOT NULL,
	"seller_id" text,
	"card_info_id" text,
	"product_id" text,
	"theme_id" text,
	"item_name" text NOT NULL,
	"item_image" text DEFAULT '' NOT NULL,
	"rarity" text,
	"quantity" integer NOT NULL,
	"price" integer NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"order_no" text,
	"posting_kind" text,
	"posting_ref" text,
	"listing_id" text,
	"source_kind" text NOT NULL,
	"source_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sales_amounts" CHECK ("sales"."quantity" >= 1 AND "sales"."price" >= 0 AND "sales"."fee" >= 0 AND "sales"."discount" BETWEEN 0 AND "sales"."price" AND "sales"."refunded" BETWEEN 0 AND "sales"."price" - "sales"."discount")
);
--> statement-breakpoint
ALTER TABLE "market_feedback" DROP CONSTRAINT "market_feedback_order_id_market_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_items_item_id_index" ON "sale_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "sales_buyer_id_created_at_index" ON "sales" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_seller_id_created_at_index" ON "sales" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_order_no_index" ON "sales" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "sales_source_kind_source_id_index" ON "sales" USING btree ("source_kind","source_id");--> statement-breakpoint
CREATE INDEX "sales_listing_id_index" ON "sales" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "sales_market_card_idx" ON "sales" USING btree ("card_info_id","created_at") WHERE "sales"."seller_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sales_market_product_idx" ON "sales" USING btree ("product_id","created_at") WHERE "sales"."seller_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sales_created_at_index" ON "sales" USING btree ("created_at");--> statement-breakpoint
-- Decision 049: the trades completed before the sale record, recorded once (market trades keep their order ids, so
-- their feedback still points at them; accepted offers and paid mall orders get sales of their own).
INSERT INTO "sales" ("id", "way", "kind", "buyer_id", "seller_id", "card_info_id", "product_id", "theme_id", "item_name", "item_image", "rarity", "quantity", "price", "fee", "order_no", "posting_kind", "posting_ref", "listing_id", "source_kind", "source_id", "created_at")
SELECT mo."id",
  CASE WHEN mo."sell_type" = 1 THEN 'bid' WHEN po."type" = 'set' THEN 'set_completion' ELSE 'listing' END,
  mo."kind", mo."buyer_id", mo."seller_id", mo."card_info_id", mo."product_id", mo."theme_id", mo."item_name", mo."item_image", mo."rarity",
  1, mo."price", mo."fee", mo."order_no",
  CASE WHEN mo."sell_type" = 1 THEN 'bid_fill' WHEN po."type" = 'set' THEN 'set_sale' ELSE 'market_sale' END,
  CASE WHEN mo."sell_type" = 1 THEN NULL WHEN po."type" = 'set' THEN mo."order_no" || ':' || mo."seller_id" ELSE mo."order_no" END,
  mo."listing_id",
  CASE WHEN mo."sell_type" = 1 THEN 'bid' ELSE 'listing' END, mo."listing_id", coalesce(mo."completed_at", mo."created_at")
FROM "market_orders" mo LEFT JOIN "pay_orders" po ON po."order_no" = mo."order_no"
WHERE mo."status" = 'completed';
--> statement-breakpoint
INSERT INTO "sale_items" ("sale_id", "item_id", "serial", "edition_size", "cost", "cost_rule")
SELECT mo."id", mo."item_id", mo."serial", mo."edition_size", mo."price", 'paid'
FROM "market_orders" mo WHERE mo."status" = 'completed' AND mo."item_id" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "sales" ("id", "way", "kind", "buyer_id", "seller_id", "card_info_id", "product_id", "theme_id", "item_name", "item_image", "rarity", "quantity", "price", "fee", "order_no", "posting_kind", "posting_ref", "listing_id", "source_kind", "source_id", "created_at")
SELECT 'sale_' || o."id", 'offer', o."kind", o."buyer_id", o."seller_id", o."card_info_id", o."product_id", o."theme_id", o."item_name", o."item_image", o."rarity",
  1, o."price", least(o."price", greatest(100, round(o."price" * 0.05)::integer)), o."funding_order_no", 'offer_sale', o."id", o."listing_id", 'offer', o."id", coalesce(o."closed_at", o."updated_at")
FROM "offers" o WHERE o."status" = 'accepted' AND o."item_id" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "sale_items" ("sale_id", "item_id", "serial", "edition_size", "cost", "cost_rule")
SELECT 'sale_' || o."id", o."item_id", o."serial", o."edition_size", o."price", 'paid'
FROM "offers" o WHERE o."status" = 'accepted' AND o."item_id" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "sales" ("id", "way", "kind", "buyer_id", "card_info_id", "product_id", "item_name", "item_image", "quantity", "price", "discount", "order_no", "posting_kind", "posting_ref", "source_kind", "source_id", "created_at")
SELECT 'sale_' || po."id", CASE po."type" WHEN 'card' THEN 'drop' WHEN 'product' THEN 'product' ELSE 'pack' END,
  CASE po."type" WHEN 'product' THEN 'goods' ELSE 'card' END, po."buyer_id", po."card_info_id", po."product_id", po."item_name", po."item_image",
  po."quantity", po."unit_price_cents" * po."quantity", po."discount_cents", po."order_no", 'mall_sale', po."order_no",
  CASE po."type" WHEN 'card' THEN 'card_info' WHEN 'product' THEN 'product' ELSE 'pack' END, po."listing_id",
  coalesce(po."paid_at", po."updated_at")
FROM "pay_orders" po
WHERE po."status" = 'paid' AND po."type" IN ('card', 'product', 'pack') AND po."fulfilment" IS NOT NULL
  AND coalesce(po."card_info_id", po."product_id", po."listing_id") IS NOT NULL;
--> statement-breakpoint
INSERT INTO "sale_items" ("sale_id", "item_id", "serial", "edition_size", "cost", "cost_rule")
SELECT 'sale_' || po."id", u."id", u."serial", u."editionSize", po."amount_cents" / greatest(1, jsonb_array_length(coalesce(po."fulfilment" -> 'cards', po."fulfilment" -> 'goods'))),
  CASE po."type" WHEN 'pack' THEN 'pack_share' ELSE 'paid' END
FROM "pay_orders" po
CROSS JOIN LATERAL jsonb_to_recordset(coalesce(po."fulfilment" -> 'cards', po."fulfilment" -> 'goods')) AS u("id" text, "serial" integer, "editionSize" integer)
WHERE po."status" = 'paid' AND po."type" IN ('card', 'product', 'pack') AND po."fulfilment" IS NOT NULL
  AND coalesce(po."card_info_id", po."product_id", po."listing_id") IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "market_feedback" ADD CONSTRAINT "market_feedback_order_id_sales_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;
CREATE TABLE "market_summaries" (
	"kind" text NOT NULL,
	"ref_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"rarity" text,
	"theme_id" text,
	"product_type" integer,
	"ask_count" integer DEFAULT 0 NOT NULL,
	"ask_min" integer,
	"ask_newest_at" timestamp with time zone,
	"ask_next_expiry_at" timestamp with time zone,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"bid_max" integer,
	"bid_newest_at" timestamp with time zone,
	"bid_next_expiry_at" timestamp with time zone,
	CONSTRAINT "market_summaries_kind_ref_id_pk" PRIMARY KEY("kind","ref_id")
);
--> statement-breakpoint
CREATE INDEX "market_summaries_ask_min_idx" ON "market_summaries" USING btree ("kind","ask_min","ref_id") WHERE "market_summaries"."ask_count" > 0;--> statement-breakpoint
CREATE INDEX "market_summaries_ask_newest_idx" ON "market_summaries" USING btree ("kind","ask_newest_at") WHERE "market_summaries"."ask_count" > 0;--> statement-breakpoint
CREATE INDEX "market_summaries_bid_max_idx" ON "market_summaries" USING btree ("kind","bid_max","ref_id") WHERE "market_summaries"."bid_count" > 0;--> statement-breakpoint
CREATE INDEX "market_summaries_bid_newest_idx" ON "market_summaries" USING btree ("kind","bid_newest_at") WHERE "market_summaries"."bid_count" > 0;--> statement-breakpoint
-- Recomputes one card info's / product's summary from its open listings. The row is locked before the
-- recount, and the recount is a new statement (a new snapshot under READ COMMITTED): a transaction that
-- changed another listing of the same item and committed while we waited is counted, so two concurrent
-- changes never overwrite each other's count.
CREATE FUNCTION "market_summary_refresh"(p_kind text, p_ref text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  a record;
BEGIN
  INSERT INTO "market_summaries" ("kind", "ref_id") VALUES (p_kind, p_ref) ON CONFLICT DO NOTHING;
  PERFORM 1 FROM "market_summaries" WHERE "kind" = p_kind AND "ref_id" = p_ref FOR UPDATE;
  -- Two plain queries rather than one with OR: each uses its own index of open listings.
  IF p_kind = 'card' THEN
    SELECT
      max(l."item_name") AS "name",
      max(l."item_image") AS "image",
      max(l."rarity") AS "rarity",
      max(l."theme_id") AS "theme_id",
      max(l."product_type") AS "product_type",
      (count(*) FILTER (WHERE l."sell_type" = 0))::int AS "ask_count",
      min(l."price") FILTER (WHERE l."sell_type" = 0) AS "ask_min",
      max(l."created_at") FILTER (WHERE l."sell_type" = 0) AS "ask_newest_at",
      min(l."expires_at") FILTER (WHERE l."sell_type" = 0) AS "ask_next_expiry_at",
      (count(*) FILTER (WHERE l."sell_type" = 1))::int AS "bid_count",
      max(l."price") FILTER (WHERE l."sell_type" = 1) AS "bid_max",
      max(l."created_at") FILTER (WHERE l."sell_type" = 1) AS "bid_newest_at",
      min(l."expires_at") FILTER (WHERE l."sell_type" = 1) AS "bid_next_expiry_at"
    INTO a
    FROM "listings" l
    WHERE l."card_info_id" = p_ref AND l."status" = 'active';
  ELSE
    SELECT
      max(l."item_name") AS "name",
      max(l."item_image") AS "image",
      max(l."rarity") AS "rarity",
      max(l."theme_id") AS "theme_id",
      max(l."product_type") AS "product_type",
      (count(*) FILTER (WHERE l."sell_type" = 0))::int AS "ask_count",
      min(l."price") FILTER (WHERE l."sell_type" = 0) AS "ask_min",
      max(l."created_at") FILTER (WHERE l."sell_type" = 0) AS "ask_newest_at",
      min(l."expires_at") FILTER (WHERE l."sell_type" = 0) AS "ask_next_expiry_at",
      (count(*) FILTER (WHERE l."sell_type" = 1))::int AS "bid_count",
      max(l."price") FILTER (WHERE l."sell_type" = 1) AS "bid_max",
      max(l."created_at") FILTER (WHERE l."sell_type" = 1) AS "bid_newest_at",
      min(l."expires_at") FILTER (WHERE l."sell_type" = 1) AS "bid_next_expiry_at"
    INTO a
    FROM "listings" l
    WHERE l."product_id" = p_ref AND l."status" = 'active';
  END IF;
  UPDATE "market_summaries" SET
    "name" = coalesce(a."name", "name"),
    "image" = coalesce(a."image", "image"),
    "rarity" = coalesce(a."rarity", "rarity"),
    "theme_id" = coalesce(a."theme_id", "theme_id"),
    "product_type" = coalesce(a."product_type", "product_type"),
    "ask_count" = a."ask_count",
    "ask_min" = a."ask_min",
    "ask_newest_at" = a."ask_newest_at",
    "ask_next_expiry_at" = a."ask_next_expiry_at",
    "bid_count" = a."bid_count",
    "bid_max" = a."bid_max",
    "bid_newest_at" = a."bid_newest_at",
    "bid_next_expiry_at" = a."bid_next_expiry_at"
  WHERE "kind" = p_kind AND "ref_id" = p_ref;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "market_summary_on_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_ref text;
  new_ref text;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."status" = 'active' THEN
    old_ref := CASE OLD."kind" WHEN 'card' THEN OLD."card_info_id" ELSE OLD."product_id" END;
    PERFORM "market_summary_refresh"(OLD."kind", old_ref);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."status" = 'active' THEN
    new_ref := CASE NEW."kind" WHEN 'card' THEN NEW."card_info_id" ELSE NEW."product_id" END;
    IF old_ref IS NULL OR old_ref <> new_ref OR OLD."kind" <> NEW."kind" THEN
      PERFORM "market_summary_refresh"(NEW."kind", new_ref);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "listings_summary_insert" AFTER INSERT ON "listings" FOR EACH ROW WHEN (NEW."status" = 'active') EXECUTE FUNCTION "market_summary_on_listing"();
--> statement-breakpoint
-- Only changes that can move a count, a best price or a date: not `updated_at` alone.
CREATE TRIGGER "listings_summary_update" AFTER UPDATE ON "listings" FOR EACH ROW
  WHEN ((OLD."status" = 'active' OR NEW."status" = 'active') AND (OLD."status", OLD."price", OLD."expires_at", OLD."created_at", OLD."kind", OLD."card_info_id", OLD."product_id", OLD."item_name", OLD."item_image")
    IS DISTINCT FROM (NEW."status", NEW."price", NEW."expires_at", NEW."created_at", NEW."kind", NEW."card_info_id", NEW."product_id", NEW."item_name", NEW."item_image"))
  EXECUTE FUNCTION "market_summary_on_listing"();
--> statement-breakpoint
CREATE TRIGGER "listings_summary_delete" AFTER DELETE ON "listings" FOR EACH ROW WHEN (OLD."status" = 'active') EXECUTE FUNCTION "market_summary_on_listing"();
--> statement-breakpoint
-- The summaries of what is open now.
INSERT INTO "market_summaries" ("kind", "ref_id") SELECT DISTINCT "kind", CASE "kind" WHEN 'card' THEN "card_info_id" ELSE "product_id" END FROM "listings" WHERE "status" = 'active';
--> statement-breakpoint
SELECT "market_summary_refresh"("kind", "ref_id") FROM "market_summaries";

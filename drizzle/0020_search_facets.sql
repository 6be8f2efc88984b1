ALTER TABLE "search_docs" ADD COLUMN "theme_id" text;--> statement-breakpoint
ALTER TABLE "search_docs" ADD COLUMN "rarity" text;--> statement-breakpoint
ALTER TABLE "search_docs" ADD COLUMN "list_price" integer;--> statement-breakpoint
ALTER TABLE "search_docs" ADD COLUMN "sort" integer;--> statement-breakpoint
ALTER TABLE "search_docs" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "search_docs" ADD COLUMN "sale_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "search_docs" ADD COLUMN "ask_min" integer;--> statement-breakpoint
ALTER TABLE "search_docs" ADD COLUMN "bid_max" integer;--> statement-breakpoint
ALTER TABLE "search_docs" ADD COLUMN "ask_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search_docs" ADD COLUMN "bid_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search_docs" ADD COLUMN "listed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "search_docs" ADD COLUMN "next_expiry" timestamp with time zone;
--> statement-breakpoint
-- The market figures search reads on its docs (decision 031): copied from the item's summary, by the summary's
-- refresh (below) in the transaction that changes a listing, and by the search module when it writes a doc.
CREATE FUNCTION "search_doc_market_sync"(p_kind text, p_ref text) RETURNS void LANGUAGE sql AS $$
  UPDATE "search_docs" d SET
    "ask_min" = s."ask_min",
    "bid_max" = s."bid_max",
    "ask_count" = s."ask_count",
    "bid_count" = s."bid_count",
    "listed_at" = GREATEST(s."ask_newest_at", s."bid_newest_at"),
    "next_expiry" = LEAST(s."ask_next_expiry_at", s."bid_next_expiry_at")
  FROM "market_summaries" s
  WHERE s."kind" = p_kind AND s."ref_id" = p_ref AND d."kind" = p_kind AND d."ref_id" = p_ref;
$$;
--> statement-breakpoint
-- Migration 0004's refresh, with the search doc kept in step as its last step.
CREATE OR REPLACE FUNCTION "market_summary_refresh"(p_kind text, p_ref text) RETURNS void LANGUAGE plpgsql AS $$
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
  PERFORM "search_doc_market_sync"(p_kind, p_ref);
END;
$$;
--> statement-breakpoint
-- Brings the docs of these card infos / products up to date: their catalogue columns and their market summary. The
-- search module calls it after writing a doc, the demo seed after writing the demo's.
CREATE FUNCTION "search_doc_sync"(p_kind text, p_refs text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "search_docs" d SET "theme_id" = c."theme_id", "rarity" = c."rarity", "list_price" = c."price_cents",
    "sort" = c."sort", "created_at" = c."created_at", "sale_ends_at" = c."sale_ends_at"
  FROM "card_infos" c WHERE p_kind = 'card' AND d."kind" = 'card' AND d."ref_id" = c."id" AND c."id" = ANY(p_refs);
  UPDATE "search_docs" d SET "list_price" = p."price_cents", "sort" = p."sort", "created_at" = p."created_at",
    "sale_ends_at" = p."sale_ends_at"
  FROM "products" p WHERE p_kind = 'goods' AND d."kind" = 'goods' AND d."ref_id" = p."id" AND p."id" = ANY(p_refs);
  SELECT "search_doc_market_sync"(s."kind", s."ref_id") FROM "market_summaries" s
  WHERE s."kind" = p_kind AND s."ref_id" = ANY(p_refs);
$$;
--> statement-breakpoint
SELECT "search_doc_sync"('card', ARRAY(SELECT "ref_id" FROM "search_docs" WHERE "kind" = 'card'));
--> statement-breakpoint
SELECT "search_doc_sync"('goods', ARRAY(SELECT "ref_id" FROM "search_docs" WHERE "kind" = 'goods'));

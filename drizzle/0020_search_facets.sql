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
-- trigger (below) in the transaction that changes a listing, and by `search_doc_sync` when a doc is written.
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
-- Every change of a summary (migration 0004's refresh, run by the `listings` triggers in the writer's transaction)
-- reaches the item's doc in the same transaction.
CREATE FUNCTION "search_doc_on_summary"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "search_doc_market_sync"(NEW."kind", NEW."ref_id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "market_summaries_search_doc" AFTER INSERT OR UPDATE ON "market_summaries" FOR EACH ROW
  EXECUTE FUNCTION "search_doc_on_summary"();
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

CREATE TABLE "search_docs" (
	"kind" text NOT NULL,
	"ref_id" text NOT NULL,
	"title" text NOT NULL,
	"tokens" text[] NOT NULL,
	CONSTRAINT "search_docs_kind_ref_id_pk" PRIMARY KEY("kind","ref_id")
);
--> statement-breakpoint
ALTER TABLE "card_infos" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "themes" ADD COLUMN "name_en" text;--> statement-breakpoint
CREATE INDEX "search_docs_tokens_idx" ON "search_docs" USING gin ("tokens") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "listings_active_serial_idx" ON "listings" USING btree ("serial","price") WHERE "listings"."status" = 'active' AND "listings"."sell_type" = 0;
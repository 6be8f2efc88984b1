CREATE TABLE "listing_versions" (
	"listing_id" text NOT NULL,
	"version" integer NOT NULL,
	"price" integer NOT NULL,
	"previous_price" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "listing_versions_listing_id_version_pk" PRIMARY KEY("listing_id","version")
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "filled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_versions" ADD CONSTRAINT "listing_versions_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_quantity" CHECK ("listings"."quantity" BETWEEN 1 AND 10 AND "listings"."filled" BETWEEN 0 AND "listings"."quantity" AND ("listings"."sell_type" = 1 OR "listings"."quantity" = 1));--> statement-breakpoint
-- Buy listings sold before copies existed were one copy, filled.
UPDATE "listings" SET "filled" = "quantity" WHERE "sell_type" = 1 AND "status" = 'sold';

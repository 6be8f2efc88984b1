ALTER TABLE "listings" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "filled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_quantity" CHECK ("listings"."quantity" BETWEEN 1 AND 10 AND "listings"."filled" BETWEEN 0 AND "listings"."quantity" AND ("listings"."sell_type" = 1 OR "listings"."quantity" = 1));--> statement-breakpoint
-- Buy listings sold before copies existed were one copy, filled.
UPDATE "listings" SET "filled" = "quantity" WHERE "sell_type" = 1 AND "status" = 'sold';

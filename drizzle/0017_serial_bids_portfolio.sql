CREATE TABLE "portfolio_snapshots" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"value" bigint NOT NULL,
	"cost" bigint NOT NULL,
	"items" integer NOT NULL,
	"priced" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "portfolio_snapshots_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "serial_min" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "serial_max" integer;--> statement-breakpoint
ALTER TABLE "portfolio_snapshots" ADD CONSTRAINT "portfolio_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_serial_range" CHECK (("listings"."serial_min" IS NULL AND "listings"."serial_max" IS NULL) OR ("listings"."sell_type" = 1 AND "listings"."kind" = 'card' AND "listings"."serial_min" >= 1 AND "listings"."serial_max" >= "listings"."serial_min"));
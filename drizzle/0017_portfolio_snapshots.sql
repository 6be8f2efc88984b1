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
ALTER TABLE "portfolio_snapshots" ADD CONSTRAINT "portfolio_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
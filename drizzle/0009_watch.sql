CREATE TABLE "watches" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"basis" text,
	"price_at_add" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watches_user_id_kind_target_id_index" ON "watches" USING btree ("user_id","kind","target_id");--> statement-breakpoint
CREATE INDEX "watches_user_id_created_at_index" ON "watches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "watches_kind_target_id_index" ON "watches" USING btree ("kind","target_id");
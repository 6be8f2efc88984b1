CREATE TABLE "alert_marks" (
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"target_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_marks_kind_user_id_target_id_pk" PRIMARY KEY("kind","user_id","target_id")
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" text NOT NULL,
	"side" text NOT NULL,
	"op" text NOT NULL,
	"price_cents" integer NOT NULL,
	"armed" boolean DEFAULT true NOT NULL,
	"last_fired_at" timestamp with time zone,
	"last_fired_price" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "price_alerts_price" CHECK ("price_alerts"."price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "alert_marks" ADD CONSTRAINT "alert_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_alerts_item_idx" ON "price_alerts" USING btree ("item_kind","item_id","side");--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
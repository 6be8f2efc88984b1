CREATE TABLE "market_feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"author_id" text NOT NULL,
	"author_role" text NOT NULL,
	"subject_id" text NOT NULL,
	"rating" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by" text,
	"hidden_reason" text,
	CONSTRAINT "market_feedback_comment" CHECK (char_length("market_feedback"."comment") <= 200)
);
--> statement-breakpoint
ALTER TABLE "market_feedback" ADD CONSTRAINT "market_feedback_order_id_market_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."market_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_feedback" ADD CONSTRAINT "market_feedback_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_feedback" ADD CONSTRAINT "market_feedback_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_feedback" ADD CONSTRAINT "market_feedback_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_feedback_one_per_side" ON "market_feedback" USING btree ("order_id","author_id");--> statement-breakpoint
CREATE INDEX "market_feedback_subject_id_created_at_index" ON "market_feedback" USING btree ("subject_id","created_at");--> statement-breakpoint
CREATE INDEX "market_feedback_created_at_index" ON "market_feedback" USING btree ("created_at");
CREATE TABLE "order_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"sale_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"item_name" text NOT NULL,
	"amount" bigint NOT NULL,
	"perk_part" bigint DEFAULT 0 NOT NULL,
	"to_balance" boolean NOT NULL,
	"refund_id" text,
	"reason" text NOT NULL,
	"item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_refunds_amount" CHECK ("order_refunds"."amount" > 0 AND "order_refunds"."perk_part" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_order_no_idempotency_key_index" ON "order_refunds" USING btree ("order_no","idempotency_key");--> statement-breakpoint
CREATE INDEX "order_refunds_created_at_index" ON "order_refunds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_refunds_buyer_id_created_at_index" ON "order_refunds" USING btree ("buyer_id","created_at");
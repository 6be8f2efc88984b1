CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"payment_ref" text NOT NULL,
	"posting_ref" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'HKD' NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_ref" text,
	"failure" text,
	"decided_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "refunds_postingRef_unique" UNIQUE("posting_ref"),
	CONSTRAINT "refunds_amount" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_status_created_at_index" ON "refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "refunds_order_no_index" ON "refunds" USING btree ("order_no");
CREATE TABLE "code_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"card_info_id" text,
	"theme_id" text,
	"count" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"voided_at" timestamp with time zone,
	CONSTRAINT "code_batches_one_target" CHECK (("code_batches"."card_info_id" IS NULL) <> ("code_batches"."theme_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "exchange_code_failures" (
	"id" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"batch_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"card_info_id" text,
	"theme_id" text,
	"status" text DEFAULT 'unused' NOT NULL,
	"used_by" text,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exchange_codes_one_target" CHECK (("exchange_codes"."card_info_id" IS NULL) <> ("exchange_codes"."theme_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "theme_exchanges" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"theme_id" text NOT NULL,
	"b_card_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "code_batches" ADD CONSTRAINT "code_batches_card_info_id_card_infos_id_fk" FOREIGN KEY ("card_info_id") REFERENCES "public"."card_infos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_batches" ADD CONSTRAINT "code_batches_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_codes" ADD CONSTRAINT "exchange_codes_batch_id_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."code_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_codes" ADD CONSTRAINT "exchange_codes_card_info_id_card_infos_id_fk" FOREIGN KEY ("card_info_id") REFERENCES "public"."card_infos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_codes" ADD CONSTRAINT "exchange_codes_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_codes" ADD CONSTRAINT "exchange_codes_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_exchanges" ADD CONSTRAINT "theme_exchanges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_exchanges" ADD CONSTRAINT "theme_exchanges_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_exchanges" ADD CONSTRAINT "theme_exchanges_b_card_id_cards_id_fk" FOREIGN KEY ("b_card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_code_failures_subject_created_at_index" ON "exchange_code_failures" USING btree ("subject","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_codes_code_hash_index" ON "exchange_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "exchange_codes_batch_id_status_index" ON "exchange_codes" USING btree ("batch_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "theme_exchanges_user_id_theme_id_index" ON "theme_exchanges" USING btree ("user_id","theme_id");
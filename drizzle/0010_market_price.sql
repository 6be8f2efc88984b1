ALTER TABLE "payout_accounts" ADD COLUMN "account_no_hash" text;--> statement-breakpoint
CREATE INDEX "payout_accounts_account_no_hash_index" ON "payout_accounts" USING btree ("account_no_hash");
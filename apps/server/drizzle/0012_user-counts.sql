CREATE TABLE "user_counts" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"live" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "user_counts_one_row" CHECK ("user_counts"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "users_live_email_idx" ON "users" USING btree ("email","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "users_live_created_idx" ON "users" USING btree ("created_at","id") WHERE deleted_at IS NULL;
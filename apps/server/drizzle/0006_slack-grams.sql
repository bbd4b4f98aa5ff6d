DROP INDEX "slack_passages_trgm_idx";--> statement-breakpoint
ALTER TABLE "slack_passages" ADD COLUMN "grams" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "slack_passages_grams_idx" ON "slack_passages" USING gin ("grams");
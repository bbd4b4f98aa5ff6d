DROP TABLE "slack_documents" CASCADE;--> statement-breakpoint
DROP TABLE "slack_passages" CASCADE;
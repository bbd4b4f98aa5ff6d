ALTER TABLE "chatbot_tickets" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "refused_origins" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "capped_at" timestamp with time zone;
ALTER TABLE "chatbot_messages" ADD COLUMN "taught_source_id" uuid;--> statement-breakpoint
ALTER TABLE "chatbot_messages" ADD COLUMN "taught_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "synonyms" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbot_messages" ADD CONSTRAINT "chatbot_messages_taught_source_id_knowledge_sources_id_fk" FOREIGN KEY ("taught_source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE set null ON UPDATE no action;
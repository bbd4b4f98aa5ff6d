CREATE TABLE "chatbot_lookup_states" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"lookup_id" uuid,
	"step" text,
	"key_sealed" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chatbot_lookups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chatbot_id" uuid NOT NULL,
	"name" text NOT NULL,
	"api_id" uuid NOT NULL,
	"table_name" text NOT NULL,
	"key_column" text NOT NULL,
	"verify_column" text NOT NULL,
	"verify_rule" text NOT NULL,
	"reply_columns" text[] DEFAULT '{}'::text[] NOT NULL,
	"labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chatbot_lookup_states" ADD CONSTRAINT "chatbot_lookup_states_conversation_id_chatbot_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chatbot_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_lookup_states" ADD CONSTRAINT "chatbot_lookup_states_lookup_id_chatbot_lookups_id_fk" FOREIGN KEY ("lookup_id") REFERENCES "public"."chatbot_lookups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_lookups" ADD CONSTRAINT "chatbot_lookups_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_lookups" ADD CONSTRAINT "chatbot_lookups_api_id_api_definitions_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."api_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chatbot_lookups_bot_name_idx" ON "chatbot_lookups" USING btree ("chatbot_id","name");--> statement-breakpoint
CREATE INDEX "chatbot_lookups_api_idx" ON "chatbot_lookups" USING btree ("api_id");
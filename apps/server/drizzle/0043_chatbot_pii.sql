CREATE TABLE "chatbot_message_originals" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"chatbot_id" uuid NOT NULL,
	"sealed" text NOT NULL,
	"kinds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chatbot_message_originals" ADD CONSTRAINT "chatbot_message_originals_message_id_chatbot_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chatbot_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_message_originals" ADD CONSTRAINT "chatbot_message_originals_conversation_id_chatbot_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chatbot_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_message_originals" ADD CONSTRAINT "chatbot_message_originals_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chatbot_message_originals_conv_idx" ON "chatbot_message_originals" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "chatbot_message_originals_created_idx" ON "chatbot_message_originals" USING btree ("created_at");
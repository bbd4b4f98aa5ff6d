CREATE TABLE "chatbot_agent_presence" (
	"seed_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"online_until" timestamp with time zone NOT NULL,
	CONSTRAINT "chatbot_agent_presence_seed_id_user_id_pk" PRIMARY KEY("seed_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chatbot_live_chats" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"chatbot_id" uuid NOT NULL,
	"status" text NOT NULL,
	"agent_id" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chatbot_office_hours" (
	"chatbot_id" uuid PRIMARY KEY NOT NULL,
	"weekdays" smallint[] NOT NULL,
	"opens_at" text NOT NULL,
	"closes_at" text NOT NULL,
	"open_on_holidays" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chatbot_agent_presence" ADD CONSTRAINT "chatbot_agent_presence_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_agent_presence" ADD CONSTRAINT "chatbot_agent_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_live_chats" ADD CONSTRAINT "chatbot_live_chats_conversation_id_chatbot_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chatbot_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_live_chats" ADD CONSTRAINT "chatbot_live_chats_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_live_chats" ADD CONSTRAINT "chatbot_live_chats_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_office_hours" ADD CONSTRAINT "chatbot_office_hours_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chatbot_live_chats_bot_status_idx" ON "chatbot_live_chats" USING btree ("chatbot_id","status");
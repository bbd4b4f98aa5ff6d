CREATE TABLE "knowledge_conversation_passages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"channel_name" text DEFAULT '' NOT NULL,
	"thread_ts" text NOT NULL,
	"ord" integer NOT NULL,
	"first_ts" text NOT NULL,
	"authors" text[] DEFAULT '{}'::text[] NOT NULL,
	"author_name" text DEFAULT '' NOT NULL,
	"permalink" text,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"oldest_at" timestamp with time zone NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slack_thread_changes" (
	"workspace_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"thread_ts" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slack_thread_changes_workspace_id_channel_thread_ts_pk" PRIMARY KEY("workspace_id","channel","thread_ts")
);
--> statement-breakpoint
ALTER TABLE "knowledge_conversation_passages" ADD CONSTRAINT "knowledge_conversation_passages_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_conversation_passages" ADD CONSTRAINT "knowledge_conversation_passages_workspace_id_slack_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."slack_workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_thread_changes" ADD CONSTRAINT "slack_thread_changes_workspace_id_slack_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."slack_workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_conv_thread_idx" ON "knowledge_conversation_passages" USING btree ("workspace_id","channel","thread_ts");--> statement-breakpoint
CREATE INDEX "knowledge_conv_grams_idx" ON "knowledge_conversation_passages" USING gin ("grams");--> statement-breakpoint
CREATE INDEX "knowledge_conv_oldest_idx" ON "knowledge_conversation_passages" USING btree ("workspace_id","oldest_at");
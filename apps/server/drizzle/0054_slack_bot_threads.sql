CREATE TABLE "slack_bot_threads" (
	"workspace_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"thread_ts" text NOT NULL,
	"kind" text DEFAULT 'thread' NOT NULL,
	"context_channel" text,
	"last_answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slack_bot_threads_workspace_id_channel_thread_ts_pk" PRIMARY KEY("workspace_id","channel","thread_ts")
);
--> statement-breakpoint
ALTER TABLE "slack_bot_threads" ADD CONSTRAINT "slack_bot_threads_workspace_id_slack_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."slack_workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slack_bot_threads_updated_idx" ON "slack_bot_threads" USING btree ("updated_at");
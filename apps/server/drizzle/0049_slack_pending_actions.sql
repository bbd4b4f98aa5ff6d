CREATE TABLE "slack_pending_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"slack_user_id" text DEFAULT '' NOT NULL,
	"member_id" uuid,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"channel" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "slack_pending_actions" ADD CONSTRAINT "slack_pending_actions_workspace_id_slack_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."slack_workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_pending_actions" ADD CONSTRAINT "slack_pending_actions_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slack_pending_actions_expires_idx" ON "slack_pending_actions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "slack_pending_actions_ws_idx" ON "slack_pending_actions" USING btree ("workspace_id");
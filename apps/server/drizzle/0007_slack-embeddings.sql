CREATE TABLE "slack_token_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"tokens" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "slack_passages" ADD COLUMN "embedding" real[];--> statement-breakpoint
ALTER TABLE "slack_passages" ADD COLUMN "embedding_model" text;--> statement-breakpoint
ALTER TABLE "slack_token_usage" ADD CONSTRAINT "slack_token_usage_workspace_id_slack_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."slack_workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slack_token_usage_ws_created_idx" ON "slack_token_usage" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "slack_passages_embedding_model_idx" ON "slack_passages" USING btree ("embedding_model","workspace_id");
CREATE TABLE "knowledge_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_id" uuid NOT NULL,
	"slack_workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_enc" text NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"folder_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"public_page_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"page_token" text,
	"status" text DEFAULT 'active' NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_connector_items" (
	"connection_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"source_id" uuid NOT NULL,
	"title" text NOT NULL,
	"version" text NOT NULL,
	"access" jsonb NOT NULL,
	"trashed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "knowledge_connector_items_connection_id_external_id_pk" PRIMARY KEY("connection_id","external_id")
);
--> statement-breakpoint
ALTER TABLE "knowledge_connections" ADD CONSTRAINT "knowledge_connections_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_connections" ADD CONSTRAINT "knowledge_connections_slack_workspace_id_slack_workspaces_id_fk" FOREIGN KEY ("slack_workspace_id") REFERENCES "public"."slack_workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_connections" ADD CONSTRAINT "knowledge_connections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_connector_items" ADD CONSTRAINT "knowledge_connector_items_connection_id_knowledge_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."knowledge_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_connector_items" ADD CONSTRAINT "knowledge_connector_items_source_id_knowledge_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_connections_ws_idx" ON "knowledge_connections" USING btree ("slack_workspace_id");--> statement-breakpoint
CREATE INDEX "knowledge_connector_items_source_idx" ON "knowledge_connector_items" USING btree ("source_id");
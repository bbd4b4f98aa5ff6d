CREATE TABLE "admin_action_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"action_id" uuid,
	"action_label" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text DEFAULT '' NOT NULL,
	"table_name" text NOT NULL,
	"row_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"http_status" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"table_name" text NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"secret_sealed" text,
	"scope" text DEFAULT 'row' NOT NULL,
	"confirm_text" text DEFAULT '' NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"table_name" text NOT NULL,
	"name" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_action_runs" ADD CONSTRAINT "admin_action_runs_app_id_admin_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."admin_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_action_runs" ADD CONSTRAINT "admin_action_runs_action_id_admin_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."admin_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_action_runs" ADD CONSTRAINT "admin_action_runs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_app_id_admin_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."admin_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_saved_views" ADD CONSTRAINT "admin_saved_views_app_id_admin_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."admin_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_saved_views" ADD CONSTRAINT "admin_saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_action_runs_app_idx" ON "admin_action_runs" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE INDEX "admin_action_runs_actor_idx" ON "admin_action_runs" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "admin_actions_app_idx" ON "admin_actions" USING btree ("app_id","table_name");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_saved_views_name_idx" ON "admin_saved_views" USING btree ("app_id","user_id","table_name","name");--> statement-breakpoint
CREATE INDEX "admin_saved_views_user_idx" ON "admin_saved_views" USING btree ("user_id");